"""The effect vocabulary: every ``Effect.op`` the compiler may emit, and its args.

This table is the contract between the Oracle-text compiler (which emits
``Effect(op, args)``) and the effect handlers (``mtg_engine.effects``, one
module per op family). An op is *executable* only when a handler is
registered for it; coverage counts a card as fully compiled only when every op
it uses is executable.

Argument conventions (see :mod:`mtg_engine.cards.abilities`): ``what``/``to``/
``player`` are Refs (``TargetRef(i)``, ``SelfRef()``, ``ControllerRef()``,
``TriggerRef()``, ``EachRef(Filter)``, ``ParentRef()``); amounts are ``int`` or
``Amount``; ``duration`` is ``"end_of_turn"`` or ``None`` (permanent).
"""

from __future__ import annotations

OP_SPECS: dict[str, str] = {
    # --- damage and life (CR 120, 119)
    "damage": "amount, to: Ref[, source: Ref=SelfRef] — deal damage (CR 120.3); for a "
    "TargetSpec with divide='damage' the division chosen on casting is used (601.2d)",
    "gain_life": "player: Ref, amount (CR 119.3)",
    "lose_life": "player: Ref, amount (CR 119.3)",
    "set_life": "player: Ref, amount (CR 119.5)",
    # --- zone changes (CR 400.7, 701)
    "destroy": "what: Ref[, no_regenerate: bool] (CR 701.8)",
    "exile": "what: Ref (CR 701.13 / 406)",
    "return_to_hand": "what: Ref — put into its owner's hand (\"return ... to its owner's hand\")",
    "put_on_library": "what: Ref, position: 'top'|'bottom'",
    "return_to_battlefield": "what: Ref[, tapped: bool, under: 'owner'|'you'] — from graveyard/exile",
    "reanimate": "alias of return_to_battlefield for a graveyard card",
    "sacrifice": "player: Ref, filter: Filter, amount (CR 701.21)",
    "counter": "what: Ref — counter a spell or ability (CR 701.6)",
    "shuffle_into_library": "what: Ref",
    # --- cards (CR 121, 701)
    "draw": "player: Ref, amount (CR 121)",
    "discard": "player: Ref, amount[, random: bool, chooser: 'player'|'you'] (CR 701.9)",
    "mill": "player: Ref, amount (CR 701.17)",
    "scry": "amount (CR 701.22)",
    "surveil": "amount (CR 701.25)",
    "search_library": "player: Ref, filter: Filter, amount, to: zone name ('hand'|'battlefield'|"
    "'graveyard'|'top'), tapped: bool, reveal: bool (CR 701.23); shuffles afterwards",
    "reveal": "what: Ref (CR 701.20)",
    "look_at": "what: Ref",
    # --- permanents
    "tap": "what: Ref (CR 701.26)",
    "untap": "what: Ref (CR 701.26)",
    "put_counters": "what: Ref, counter: str ('+1/+1', '-1/-1', 'loyalty', ...), amount (CR 122)",
    "remove_counters": "what: Ref, counter: str, amount",
    "modify_pt": "what: Ref, power: int|Amount, toughness: int|Amount, duration — "
    '"gets +N/+N" (layer 7c, CR 613.4c)',
    "set_pt": "what: Ref, power, toughness, duration (layer 7b)",
    "grant_keyword": 'what: Ref, keyword: str, duration — "gains flying" (layer 6)',
    "lose_all_abilities": "what: Ref, duration (layer 6)",
    "gain_control": "what: Ref, duration (layer 2, CR 613.1b)",
    "create_token": "amount, token: dict(name, colors, types, subtypes, supertypes, power, "
    "toughness, keywords: list[str], abilities_text: str), tapped: bool, "
    "controller: Ref=ControllerRef (CR 111, 701.7)",
    "copy_permanent": "what: Ref — create a token that's a copy (CR 707, 701.7)",
    "fight": "a: Ref, b: Ref (CR 701.14)",
    "regenerate": "what: Ref (CR 701.19)",
    "attach": "what: Ref, to: Ref (CR 701.3)",
    "transform": "what: Ref (CR 701.28)",
    "phase_out": "what: Ref (CR 702.26)",
    # --- spells and stack (CR 707)
    "copy_spell": "what: Ref, amount, new_targets: bool (CR 707.10)",
    # --- mana (CR 106)
    "add_mana": "mana: str ('{G}', '{C}{C}') or choice: list of mana strings, amount (CR 106.3)",
    # --- structure
    "sequence": "effects: tuple[Effect, ...] — do these in order",
    "choose_one": "modes handled by Ability.modes (CR 700.2); not an op",
    "unless_pays": 'effects, player: Ref, cost: str — "... unless that player pays {X}"',
    "may": 'effects, player: Ref — "you may ..." wrapper when not expressible with Effect.optional',
    "delayed_trigger": 'trigger: Trigger, effects — "at the beginning of the next end step, ..." (CR 603.7)',
    "extra_turn": "player: Ref (CR 500.7)",
    "win_game": "player: Ref (CR 104.2)",
    "lose_game": "player: Ref (CR 104.3)",
    "flip_coin": "player: Ref, win: effects, lose: effects (CR 705)",
    "roll_die": "sides: int, results: list of (low, high, effects) (CR 706)",
}
