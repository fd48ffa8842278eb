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
    "TargetSpec with divide='damage' the division chosen on casting is used (601.2d); "
    "evenly: bool — 'divided evenly, rounded down' among the targets chosen (Fireball)",
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
    "shuffle_into_library": "what: Ref[, player: Ref] — the player who shuffles (CR 701.24)",
    "shuffle_hand_and_graveyard_into_library": "player: Ref — each such player's hand and "
    "graveyard into their library, then shuffled (CR 701.24a)",
    "shuffle_graveyard_into_library": "player: Ref — each such player's graveyard into "
    "their library, then shuffled (CR 701.24a)",
    # --- cards (CR 121, 701)
    "draw": "player: Ref, amount (CR 121)",
    "extra_land_plays_this_turn": "amount — more land plays for its controller this turn (CR 305.2)",
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
    "move_counters": "from: Ref, to: Ref, counter: str ('any': any kind), amount ('all') "
    "(CR 122.5)",
    "put_counters_it_had": "from: Ref (an object that left), what: Ref (CR 122.8)",
    "class_level": "level: int — 'This Class's level becomes N' (CR 716.2a)",
    "modify_pt": "what: Ref, power: int|Amount, toughness: int|Amount, duration — "
    '"gets +N/+N" (layer 7c, CR 613.4c)',
    "set_pt": "what: Ref, power, toughness, duration (layer 7b)",
    "grant_keyword": 'what: Ref, keyword: str, duration — "gains flying" (layer 6)',
    "lose_all_abilities": "what: Ref, duration (layer 6)",
    "gain_control": "what: Ref, duration (layer 2, CR 613.1b)",
    "create_token": "amount, token: dict(name, colors, types, subtypes, supertypes, power, "
    "toughness, keywords: list[str], abilities_text: str), tapped: bool, "
    "tapped_attacking / attacking: bool (enters attacking, CR 508.4), "
    "controller: Ref=ControllerRef (CR 111, 701.7)",
    "copy_card": "what: Ref (a card outside the battlefield) — a copy of the card in its "
    "zone, for a later 'cast the copy' (CR 707.12)",
    "play_free": "player: Ref, what: Ref[, may: bool] — play it (a land uses the land play) "
    "without paying its mana cost (CR 118.9, 305.2)",
    "copy_permanent": "what: Ref, except: dict — create a token that's a copy (CR 707, 701.7, "
    "707.9: exceptions, see rules/copy.py)",
    "fight": "a: Ref, b: Ref (CR 701.14)",
    "regenerate": "what: Ref (CR 701.19)",
    "attach": "what: Ref, to: Ref (CR 701.3)",
    "transform": "what: Ref (CR 701.28)",
    "phase_out": "what: Ref (CR 702.26)",
    # --- spells and stack (CR 707)
    "copy_spell": "what: Ref, amount, new_targets: bool, except: dict (CR 707.10, 707.9)"
    "[, cast: 'may'|'must', free: bool] — a card not on the stack is copied where it is "
    "and the copy cast (CR 707.12)",
    # --- mana (CR 106)
    "add_mana": "mana: str ('{G}', '{C}{C}') or choice: list of mana strings, amount (CR 106.3)",
    # --- structure
    "sequence": "effects: tuple[Effect, ...] — do these in order",
    "choose_one": "modes handled by Ability.modes (CR 700.2); not an op",
    "unless_pays": 'effects, player: Ref, cost: str, x: Amount (its {X}, "where X is ...") — "... unless that player pays {X}"',
    "unless_does": 'effects, player: Ref, options: tuple[Effect, ...] — "... unless they '
    'sacrifice a permanent or discard a card"',
    "may": 'effects, player: Ref — "you may ..." wrapper when not expressible with Effect.optional',
    "delayed_trigger": 'trigger: Trigger, effects — "at the beginning of the next end step, ..." (CR 603.7)',
    "reflexive_trigger": 'effects, targets: tuple[TargetSpec, ...] — "When you do, ..." (CR 603.12)',
    "extra_turn": "player: Ref (CR 500.7)",
    "end_the_turn": "player: Ref (CR 723.1: exile the stack, skip to the cleanup step)",
    "win_game": "player: Ref (CR 104.2)",
    "lose_game": "player: Ref (CR 104.3)",
    "flip_coin": "player: Ref, win: effects, lose: effects (CR 705)",
    "meld_pair": "no args — this permanent and its meld partner are exiled and melded "
    "(CR 701.42a, 712.4a); condition meld_pair(type) names the partner",
    "roll_die": "sides: int, results: list of (low, high, effects) (CR 706)",
}

# ---------------------------------------------------------------------------
# Ops emitted by the Oracle compiler (mtg_engine.cards.compiler) beyond the
# table above. Continuous ones take ``what`` (the affected object or player)
# and ``duration``; with ``duration`` None they also appear as StaticEffect ops
# (see STATIC_OP_SPECS), the StaticEffect's ``affected`` taking ``what``'s place.
# ---------------------------------------------------------------------------
OP_SPECS.update(
    {
        # --- library and cards
        "shuffle": "player: Ref — shuffle that player's library (CR 701.24)",
        "exile_top": "player: Ref, amount — exile the top N cards of the library (CR 406)",
        "reveal_top": "player: Ref, amount — reveal the top N cards of the library (CR 701.20)",
        "look_at_top": "player: Ref, amount — look at the top N cards of the library",
        "look_at_hand": "player: Ref — look at that player's hand",
        "reveal_hand": "player: Ref — reveal that player's hand (CR 701.20)",
        "put_into_hand": "player: Ref, filter: Filter, amount — put chosen cards into the hand",
        "put_into_graveyard": "what: Ref — put into its owner's graveyard",
        "put_onto_battlefield": "player: Ref, filter: Filter, amount[, tapped] — put chosen "
        "cards onto the battlefield (e.g. from hand)",
        "reveal_until": "player: Ref, filter: Filter — reveal cards from the top of the "
        "library until one matches; later 'it'/'that card' is that card, 'the rest' the others",
        "exile_until": "player: Ref, filter: Filter — exile cards from the top of the library "
        "until one matches",
        "mana_persists": "player: Ref — this mana isn't lost as steps and phases end (CR 106.4)",
        "ring_tempts": "player: Ref — the Ring tempts you (CR 701.54)",
        "vote": "choices: tuple[str], secret: bool[, starting] — each player votes, starting "
        "with you, in turn order (CR 701.38a)",
        "extra_combat": "player: Ref — an additional combat phase after this phase (CR 500.8)",
        "damage_cant_be_prevented": "duration — damage can't be prevented (CR 615.12)",
        "may_exert": "what: Ref — 'you may exert this creature as it attacks' (CR 701.43)",
        "can_be_commander": "what: Ref — deck construction (CR 903.3d)",
        "may_cast_from": "what: Ref, zone: str — 'you may cast this card from your graveyard' "
        "(CR 601.3)",
        "assign_among_defenders": "what: Ref — may divide its combat damage among the "
        "defending player and any creatures they control (Butcher Orgg, CR 510.1c)",
        "assign_damage_as_unblocked": "what: Ref — may assign its combat damage as though "
        "it weren't blocked (CR 510.1c)",
        "cant_be_cast": "what: Ref|Filter (spells), duration — those spells can't be cast",
        "flip": "what: Ref — flip a flip card (CR 701.33)",
        "seek": "player: Ref, filter: Filter — put a random matching library card into hand",
        "conjure_duplicate": "player: Ref, what: Ref — (digital) conjure a duplicate into hand",
        "conjure": "player: Ref, name: str, zone: str — (digital) make a card of that name in the zone",
        "cast": "player: Ref, what: Ref — cast it (CR 601)",
        "cast_free": "player: Ref, what: Ref[, may: bool] — cast it without paying its mana "
        "cost (CR 118.9); with may, asked only when it can be cast",
        "may_play": "player: Ref, what: Ref, duration — may play that card this turn",
        # --- costs paid while resolving (CR 118.12)
        "pay": "player: Ref, mana: str — pay a mana cost during resolution; 'if you do' "
        "conditions test it (a player who can't pay doesn't, CR 118.3); x_cost: {X} in it "
        "(not run yet)",
        "pay_life": "player: Ref, amount (CR 119.4)",
        "pay_energy": "player: Ref, amount (CR 107.14)",
        "gain_energy": "player: Ref, amount — get {E} counters (CR 107.14, 122.1)",
        "rad_mill": (
            "player: Ref — rad counters' inherent ability: mill that many, lose 1 life and "
            "remove a rad counter for each nonland card milled (CR 727.1)"
        ),
        # --- keyword actions (CR 701)
        "investigate": "player: Ref[, amount] (CR 701.16)",
        "proliferate": "player: Ref[, amount] (CR 701.34)",
        "populate": "player: Ref (CR 701.36)",
        "explore": "what: Ref=SUBJ (CR 701.44)",
        "connive": "what: Ref (CR 701.50)",
        "goad": "what: Ref (CR 701.15)",
        "amass": "player: Ref, subtype: str, amount (CR 701.47)",
        "venture": "player: Ref — venture into the dungeon (CR 701.49)",
        "become_monarch": "player: Ref (CR 724)",
        "take_initiative": "player: Ref (CR 725)",
        "learn": "player: Ref (CR 701.48)",
        "manifest": "player: Ref — manifest the top card of the library (CR 701.40)",
        "manifest_dread": "player: Ref (CR 701.62)",
        "incubate": "player: Ref, amount (CR 701.53)",
        "discover": "player: Ref, amount (CR 701.57)",
        "bolster": "player: Ref, amount (CR 701.39)",
        "adapt": "what: Ref, amount (CR 701.46)",
        "support": "what: Ref, amount (CR 701.41)",
        "monstrosity": "what: Ref, amount (CR 701.37)",
        "become_solved": "player: Ref (CR 719.3a: the Case the ability belongs to)",
        "double_counters": "what: Ref, counter: str",
        "open_attraction": "player: Ref (CR 701.51)",
        "endure": "player: Ref, amount (CR 701.63)",
        "forage": "player: Ref (CR 701.61)",
        "suspect": "what: Ref (CR 701.60)",
        "become_prepared": "what: Ref (prepare: rules/prepare.py)",
        "detain": "what: Ref (CR 701.35)",
        "remove_from_combat": "what: Ref (CR 506.4)",
        "clash": "player: Ref (CR 701.30)",
        "increase_speed": "player: Ref, amount (CR 702.179c-d)",
        "earthbend": "player: Ref, amount",
        "airbend": "player: Ref, what: Ref",
        "blight": "player: Ref, amount",
        "tap_or_untap": "what: Ref — its controller's choice of tap or untap",
        "exchange_control": "a: Ref, b: Ref (CR 701.12)",
        "choose": "player: Ref, what: 'creature_type'|'color'|'opponent'|'player'|'card_type'|"
        "'basic_land_type'|'nonbasic_land_type'|'number'|'card_name'|'nonland_card_name'|"
        "'odd_or_even'|TargetRef — remembered on the source (a TargetRef: the words of "
        "'choose target ...', CR 115.1)",
        "change_text": "what: Ref, word: 'color'|'basic_land_type'|'creature_type', duration — "
        "replace one word of that kind with another, chosen on resolution (CR 612, layer 3)",
        "change_text_limit": "not: str — the new word of the change_text before it can't be "
        "this one",
        "choose_new_targets": "(no args) — after a copy_spell: the copy may get new targets "
        "(CR 707.10c)",
        "change_targets": "what: Ref, how: 'all'|'one'|'any'|'new'[, to: Ref] — change the "
        "target(s) of a spell or ability, or choose new ones (CR 115.7)",
        "create_emblem": "player: Ref, abilities: tuple[Ability, ...] (CR 114)",
        "for_each": "filter: Filter, effects — do the effects once for each matching object",
        "grant_ability": "what: Ref, abilities: tuple[Ability, ...], duration — "
        "'gains \"{T}: ...\"' (layer 6)",
        "gain_activated_abilities": "what: Ref, of: Ref, duration — 'gains all activated "
        "abilities of that card' (layer 6): the abilities it has as this resolves",
        "lose_keyword": (
            'what: Ref, keyword: str, duration (layer 6); cant_have: bool — "can\'t have or gain" it,'
            " applied after the layer's other effects"
        ),
        "become": "what: Ref, duration, and any of power, toughness, types, subtypes, colors, "
        "keywords, copy_of, tapped — 'becomes a 3/3 Elemental creature' (layers 1-7)",
        "add_types": "what: Ref, types, subtypes, duration — '... in addition to its other "
        "types' (layer 4)",
        "add_colors": "what: Ref, colors, duration — '... in addition to its other colors' "
        "(layer 5, CR 105.3)",
        "lose_types": "what: Ref, types, subtypes, supertypes, all_creature_types, duration — "
        "'loses all creature types' (layer 4)",
        "control": "what: Ref, player: Ref, duration — static control change (layer 2)",
        "prevent_damage": "what: Ref[, amount, combat_only, dealt_by], duration — prevention "
        "(CR 615); dealt_by: damage from those objects rather than to them; source_filter: "
        "from any source of that kind",
        "skip_step": "what: Ref (a player), step: str, duration (CR 500.11)",
        "extra_land_play": "what: Ref (a player), amount, duration (CR 305.2)",
        # --- restrictions, requirements and rules (CR 508.1c-d, 509.1b-c)
        "cant_block": "what: Ref, duration",
        "cant_attack": "what: Ref, duration",
        "cant_attack_or_block": "what: Ref, duration",
        "cant_block_alone": "what: Ref, duration",
        "cant_attack_alone": "what: Ref, duration",
        "cant_attack_or_block_alone": 'what: Ref, duration — "can\'t attack or block alone" (CR 508.1c, 509.1b)',
        "cant_attack_you": "what: Ref, duration",
        "cant_block_filter": "what: Ref, filter: Filter, duration — can't block those",
        "cant_be_blocked": "what: Ref, duration (CR 509.1b)",
        "cant_be_blocked_except_by": "what: Ref, filter: Filter, duration",
        "cant_be_blocked_by": "what: Ref, filter: Filter, duration",
        "cant_be_blocked_by_more_than_one": "what: Ref, duration",
        "cant_be_countered": "what: Ref, duration (CR 701.6)",
        "cant_be_regenerated": "what: Ref, duration (CR 701.19c)",
        "cant_be_targeted": "what: Ref, filter: Filter (by what), duration",
        "cant_be_sacrificed": "what: Ref, duration",
        "cant_be_enchanted_by_other_auras": (
            "what: Ref — Auras other than the one saying so can't enchant it (CR 303.4, 704.5m)"
        ),
        "cant_transform": "what: Ref, duration",
        "cant_cast": (
            "what: Ref (a player), filter: Filter, only_more: int (after that many more "
            "spells this turn, CR 611.2c), duration"
        ),
        "cant_gain_life": "what: Ref (a player), duration",
        "cant_play_lands": "what: Ref (a player), duration (CR 305.1, 101.2)",
        "cant_lose_life": "what: Ref (a player), duration (CR 119.8)",
        "cant_get_poison": "what: Ref (a player), duration (CR 122.1f)",
        "cant_have_counters": "what: Ref, counter: str, duration — can't have them put on it",
        "cant_lose_game": "what: Ref (a player), duration",
        "no_max_hand_size_for_game": "what: Ref (a player) — 'has no maximum hand size for "
        "the rest of the game' (CR 402.2, 611.2a)",
        "cant_win_game": "what: Ref (a player), duration",
        "cant_crew": "what: Ref, duration",
        "cant_activate_abilities": "what: Ref, duration — its activated abilities can't be "
        "activated",
        "doesnt_untap": "what: Ref, duration ('next' = its controller's next untap step; CR 502.3)",
        "untap_during_others_untap": "what: Ref — untaps during each other player's untap "
        "step (Seedborn Muse; CR 502.3, 604.1)",
        "cant_become_tapped": "what: Ref, duration (CR 101.2, 701.26a)",
        "cant_become_untapped": "what: Ref, duration (CR 101.2, 701.26b)",
        "optional_untap": "what: Ref — 'you may choose not to untap' (CR 502.3)",
        "extra_block": "what: Ref, amount (int or 'any'), duration (CR 509.1b)",
        "block_only": "what: Ref, keyword, duration — can block only creatures with it",
        "must_attack": "what: Ref, duration (CR 508.1d)",
        "attack_despite_defender": "what: Ref, duration — 'can attack as though it didn't "
        "have defender' (CR 702.3b)",
        "must_block": "what: Ref, duration (CR 509.1c)",
        "must_be_blocked": "what: Ref, duration (CR 509.1c)",
        "must_be_blocked_by": "what: Ref, filter: the blockers it must be blocked by, duration (CR 509.1c)",
        "assign_damage_by_toughness": "what: Ref, duration (CR 510.1c)",
        "assign_no_combat_damage": "what: Ref, duration (CR 510.1a)",
        "look_at_top_any_time": "what: Ref (a player) — may look at the top card any time",
        "play_with_top_revealed": "what: Ref (a player) — plays with the top card revealed (CR 401.5)",
        "no_max_hand_size": "what: Ref (a player) (CR 402.2)",
        "keep_unspent_mana": "what: Ref (a player), color: a mana letter or None (all of it) — "
        "doesn't lose that unspent mana as steps and phases end (CR 500.4, 106.4)",
        # --- replacement effects that apply as a permanent enters (CR 614.1c-d)
        "enters_tapped": "what: Ref (CR 614.1c); a Condition on the effect for 'unless ...'",
        "enters_prepared": "what: Ref (CR 614.1c; prepare: rules/prepare.py)",
        "enters_with_counters": "what: Ref, counter: str, amount (CR 614.1c)",
        "enters_as_copy": "what: Ref, filter: Filter|None, except: dict (CR 707.5, 707.9)",
        "cost_change": "what: Ref|Filter (the spells or abilities), mana: str, "
        "direction: 'less'|'more'[, abilities: bool, for_each: Filter] (CR 601.2f)",
        "no_op": "(no args) — text with no game effect here (e.g. 'is the chosen type in "
        "addition to its other types' already applied elsewhere)",
        "note_name": "what: Ref — note the object's name for the linked text (CR 607.2)",
        "create_noted_copy": "player: Ref[, cast: 'may'|'must'] — a copy of the card with the "
        "noted name, cast without paying its mana cost (CR 707.14, 707.12)",
        "random_pile_blocks": "duration — this turn, blockers are piles assigned to the "
        "attackers at random instead of a declaration (Camouflage; CR 614.1a, 509.1, 700.3)",
    }
)

#: StaticEffect ops the compiler emits (CR 604): every continuous op above
#: (``modify_pt``, ``grant_keyword``, ``cant_block`` ...) with ``what`` moved to
#: ``StaticEffect.affected`` and no duration, plus these rules of their own.
STATIC_OP_SPECS: dict[str, str] = {
    "cant_draw_more_than_one": "affected: Filter (players) — 'Each opponent can't draw more "
    "than one card each turn' (CR 101.2, 121.1; rules/player_replacements.py)",
    "regenerate_instead": "'If this creature would be destroyed, regenerate it.' (CR 614.1a, "
    "701.19a; rules/permanents.py)",
    "legend_rule_doesnt_apply": "affected: Filter — 'The \"legend "
    "rule\" doesn't apply to permanents you control.' (CR 704.5j)",
    "set_types": "subtypes — 'Nonbasic lands are Mountains': the land's subtype is set to "
    "basic land types (CR 305.7, layer 4)",
    "additional_cost": "cost: Cost, optional: bool — 'As an additional cost to cast this "
    "spell, ...' (CR 601.2b, 118.8)",
    "additional_choice": "what: str — 'As an additional cost to cast this spell, choose a "
    "creature type' (CR 601.2b, 607.2a; rules/cast_choices.py)",
    "as_enters": "effects — 'As this enters, choose ...' (CR 614.12)",
    "replace_die": "effects — 'If this would die, ... instead' (CR 614.6)",
    "begin_on_battlefield": "'If this card is in your opening hand, you may begin the game "
    "with it on the battlefield' (CR 103.6a; rules/setup.py)",
    "replace_leave_exile": "'If this would leave the battlefield, exile it instead of "
    "putting it anywhere else' (CR 614.1a, 614.6)",
    "replace_put_into_graveyard": "effects — 'If this would be put into a graveyard from "
    "anywhere, ... instead' (CR 614.6)",
    "replace_discarded": "by: 'opponent', to: 'battlefield' — 'If a spell or ability an "
    "opponent controls causes you to discard this card, put it onto the battlefield instead' "
    "(CR 614.1a, 701.9a)",
    "set_colors": "colors, cda: bool — 'All permanents are colorless' (layer 5, CR 613.1e); "
    "'Ghostfire is colorless.': a characteristic-defining ability (CR 604.3)",
    "set_pt": "power and/or toughness (int or Amount), cda: bool — a characteristic-defining "
    "ability (CR 604.3, layer 7a)",
    "must_be_blocked_by_all": "'All creatures able to block this creature do so' (CR 509.1c)",
    "play_from_library_top": "affected: the player; args spells: Filter|None, lands: bool — "
    "'You may cast creature spells from the top of your library' (CR 601.2a, 305.1)",
    "goaded": "affected: Ref|Filter — 'Enchanted creature is goaded': goaded by the "
    "controller of the ability's source (CR 701.15b)",
    "cast_as_though_flash": "affected: Filter (spells) — 'You may cast creature spells as "
    "though they had flash': its controller's permission (CR 702.8a)",
    "equip_as_instant": "affected: the player — 'You may activate equip abilities any time "
    "you could cast an instant' (CR 702.6a, 602.5d)",
    "grant_flash_to_cards": "affected: Filter (cards) — 'Creature cards you own that aren't "
    "on the battlefield have flash' (CR 702.8a; rules/cast_permissions.py)",
    "cast_only_as_sorcery": "affected: Filter (players) — 'Each opponent can cast spells only "
    "any time they could cast a sorcery' (CR 307.1)",
    "may_cast_free_with_flash": "affected: Filter (cards), player: 'any'|'you' — Aluren "
    "(CR 118.9, 702.8a): the alternative cost 'free_permission'",
    "may_cast_free": "affected: Filter (cards), player: 'any'|'you' — Omniscience "
    "(CR 118.9): the alternative cost 'free_permission', at normal timing",
    "pay_life_exile_instead": "affected: Filter (players) — 'If you would pay life while your "
    "library has at least that many cards in it, exile that many cards from the top of your "
    "library instead' (Ashiok, Wicked Manipulator; CR 614.1a, 614.13c; rules/life_payment.py)",
    "draw_more_instead": "affected: Filter (players), n: int, except_first, empty_hand, effects — "
    "'If you would draw a card [except the first one you draw in each of your draw steps], "
    "draw two cards instead' (Alhammarret's Archive; CR 614.1a, 614.5; rules/draw_instead.py)",
    "draw_instead": "affected: Filter (players), effects — 'If an opponent would draw a "
    "card except the first one they draw in each of their draw steps, instead ...' "
    "(Hullbreacher, Notion Thief; CR 614.1a; rules/draw_instead.py)",
    "may_skip_step": "affected: Filter (players), step: str ('draw', 'turn'), effects, "
    "while_tapped — 'If you would begin your draw step, you may skip that step instead. If "
    "you do, ...' (Fasting, Time Vault; CR 614.10, 614.10b; rules/step_skips.py)",
    "skip_draw_for_protection": "keywords, landwalk — Island Sanctuary (CR 614.1a, 508.1c; "
    "rules/draw_skip.py)",
    "can_be_commander": "deck construction (CR 903.3d)",
    "deck_any_number": "deck construction: any number of copies (CR 100.2a)",
}
