"""The kinds of decisions and their purposes (architecture §1), re-exported by
:mod:`mtg_engine.game.actions`.

A module of their own so that the compiled build (``build_support/mypyc_modules.py``)
compiles them: mypyc keeps the members of an enum defined in a compiled module in C
statics, so ``DecisionKind.PRIORITY`` in compiled code is one read, where a member of
an enum in an interpreted module is a globals look-up and an attribute look-up at
every use (issue 12; ``benchmarks/mypyc.md``, session 27).
"""

from __future__ import annotations

from enum import StrEnum

from .fast_enum import FastEnumType


class DecisionKind(StrEnum, metaclass=FastEnumType):
    """The kinds of decisions. A ``StrEnum``: the values are stable strings across
    versions, so ``kind == "priority"`` also holds and a saved game stores the value."""

    MULLIGAN = "mulligan"  # CR 103.5: keep or mulligan
    BOTTOM = "bottom"  # CR 103.5: London mulligan, cards to put on the bottom
    PRIORITY = "priority"  # CR 117: cast, activate, play a land, or pass
    MODES = "modes"  # CR 601.2b / 700.2
    X = "x"  # CR 601.2b / 107.3
    TARGETS = "targets"  # CR 601.2c / 115
    DIVIDE = "divide"  # CR 601.2d
    ATTACKERS = "attackers"  # CR 508.1
    BLOCKERS = "blockers"  # CR 509.1
    ASSIGN_DAMAGE = "assign_damage"  # CR 510.1
    YES_NO = "yes_no"  # "you may", pay an optional cost (CR 603.5, 609.3)
    CHOOSE_OBJECTS = "choose_objects"  # discard, sacrifice, legend rule ...
    ORDER_TRIGGERS = "order_triggers"  # CR 603.3b
    ORDER_CARDS = "order_cards"  # CR 401.4: cards put on a library "in any order"
    CHOOSE_OPTION = "choose_option"  # a color, a creature type, a number, a coin call


class DecisionPurpose(StrEnum, metaclass=FastEnumType):
    """Why a decision is asked, beyond its kind: ``decision.purpose`` (also
    ``decision.data["purpose"]``). Agents use it to answer sensibly; the values
    are stable strings (a ``StrEnum``, so ``purpose == "may"`` also holds)."""

    # yes/no
    MAY = "may"  # CR 603.5, 609.3: "you may"
    PAY = "pay"  # an optional or "unless" cost (CR 118.12)
    WARD = "ward"  # CR 702.21a: pay the ward cost or the spell is countered
    RECOVER = "recover"  # CR 702.59a
    REROLL = "reroll"  # CR 706.6: reroll a die
    CLASH = "clash"  # CR 701.30a: put the card revealed by a clash on the bottom
    VOTE = "vote"  # CR 701.38a: the choice a player votes for
    # a choice of objects
    ATTACK_DEFENDER = "attack_defender"  # CR 508.4: a token put onto the battlefield attacking
    SEARCH = "search"  # CR 701.23: search a library
    SCRY = "scry"  # CR 701.22a
    SURVEIL = "surveil"  # CR 701.25a
    EXILE = "exile"  # a cost that exiles cards (CR 601.2h, 602.2b)
    SACRIFICE = "sacrifice"  # CR 701.21a, or a sacrifice cost (601.2h)
    DISCARD = "discard"  # CR 701.9a, a discard cost, or discarding to hand size (514.1)
    RETURN = "return"  # a cost that returns a permanent to its owner's hand (602.2b)
    REMOVE_COUNTERS = "remove_counters"  # a cost that removes counters from a permanent (602.2b)
    #: a cost that puts cards from a graveyard on the bottom of a library (602.2b)
    GRAVEYARD_TO_BOTTOM = "graveyard_to_bottom"
    TAP = "tap"  # a cost that taps untapped permanents (602.2b)
    AURA_SWAP = "aura_swap"  # CR 702.65a
    CAST = "cast"  # cast cards now (ripple 702.60a, cascade-like effects)
    PLAY = "play"  # play a card now (hideaway 702.75a)
    MANIFEST = "manifest"  # CR 701.40
    CHOOSE = "choose"  # "choose one of ..." as an effect happens (CR 608.2d)
    CHAMPION = "champion"  # CR 702.72a
    HIDEAWAY = "hideaway"  # CR 702.75a
    PROLIFERATE = "proliferate"  # CR 701.27a
    NEW_TARGETS = "new_targets"  # choose new targets for a copy (CR 707.10c)
    CHANGE_TARGETS = "change_targets"  # change the targets of a spell or ability (CR 115.7)
    CREW = "crew"  # CR 702.122a
    PAIR = "pair"  # CR 702.95a: the creature a soulbond creature is paired with
    ENLIST = "enlist"  # CR 702.154a: the creature an attacking creature enlists
    ASSIST = "assist"  # CR 702.132a: the other player who may help pay a spell's cost
    ASSIST_PAY = "assist_pay"  # CR 702.132a: how much generic mana that player pays
    AMPLIFY = "amplify"  # CR 702.38a
    DREDGE = "dredge"  # CR 702.52a
    PILE = "pile"  # CR 700.3: separate cards into piles
    LEGEND_RULE = "legend_rule"  # CR 704.5j
    LIBRARY_ORDER = "library_order"  # CR 401.4
    ATTACH = "attach"  # CR 303.4f: what an Aura put onto the battlefield enchants
    REVEAL = "reveal"  # CR 701.20a: "you may reveal a ... card from your hand"
    KEEP_TAPPED = "keep_tapped"  # CR 502.3: "you may choose not to untap ..."
    # a number
    LOYALTY = "loyalty"  # CR 606.4: X of a loyalty cost
    # a named option (CHOOSE_OPTION)
    #: CR 601.2b: which cost of "[cost] or [cost]" an additional cost is paid with
    COST_CHOICE = "cost_choice"
    MANA = "mana"  # CR 106.1b, 605.3b: the mana "of any color" an ability adds
    NUMBER = "number"
    COLOR = "color"  # CR 105.1
    CREATURE_TYPE = "creature_type"  # CR 205.3m
    CARD_TYPE = "card_type"  # CR 205.2a
    BASIC_LAND_TYPE = "basic_land_type"  # CR 205.3i
    LAND_TYPE = "land_type"  # CR 205.3i
    ODD_OR_EVEN = "odd_or_even"
    OPPONENT = "opponent"
    PLAYER = "player"
    CARD_NAME = "card_name"  # CR 201.3
    NONLAND_CARD_NAME = "nonland_card_name"  # CR 201.3
    COIN_CALL = "coin_call"  # CR 705.1
    COIN_KEEP = "coin_keep"  # CR 705: keep one of the flips
    UNLESS_PAYS = "unless_pays"  # "... unless [a player] pays ..." (CR 118.12)
    UNLESS_DOES = "unless_does"  # "... unless [a player] does ..." (CR 118.12)
    READ_AHEAD = "read_ahead"  # CR 702.155a
    DUNGEON = "dungeon"  # CR 701.49a: the dungeon card to bring into the game
    ROOM = "room"  # CR 701.49b: the room the venture marker moves to
    REPLACEMENT_ORDER = "replacement_order"  # CR 616.1
    COPY = "copy"  # choose an object to copy as it enters (CR 707.9, 614.1c)
    TEXT_CHANGE_FROM_COLOR = "text_change_from_color"  # CR 612.2
    TEXT_CHANGE_TO_COLOR = "text_change_to_color"
    TEXT_CHANGE_FROM_BASIC_LAND_TYPE = "text_change_from_basic_land_type"
    TEXT_CHANGE_TO_BASIC_LAND_TYPE = "text_change_to_basic_land_type"
    TEXT_CHANGE_FROM_CREATURE_TYPE = "text_change_from_creature_type"
    TEXT_CHANGE_TO_CREATURE_TYPE = "text_change_to_creature_type"
