"""What the game remembers for the current turn only (``game.turn_flags``).

Each fact is a named, typed field; the turn-based actions of a new turn
(``rules/turn.py``, CR 500.1) replace the whole record, keeping only the counts
of spells cast in the turn that just ended. Records kept here (a spell's cast
record, a coin flip's result) are replaced, never changed in place, so a clone
may share them; the collections themselves are copied by :meth:`TurnFlags.copy`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..cards.abilities import Filter
    from .objects import GameObject


@dataclass(slots=True, init=False)
class TurnFlags:
    """The facts of this turn that rules and keywords read later in it."""

    #: spells cast this turn, by anyone (storm, CR 702.40a)
    spells_cast: int = 0
    #: spells each player cast last turn ("if no spells were cast last turn")
    spells_cast_last_turn: list[int] = field(default_factory=list)
    #: player -> instant and sorcery spells they cast this turn (Thousand-Year Storm)
    instants_sorceries_cast: dict[int, int] = field(default_factory=dict)
    #: (source, ability text) -> times that ability resolved this turn ("if this is the
    #: third time this ability has resolved this turn")
    resolutions: dict[tuple[int, str], int] = field(default_factory=dict)
    #: permanents put into a graveyard from the battlefield this turn (gravestorm, CR 702.69a)
    died_permanents: int = 0
    #: creatures that died this turn ("if a creature died this turn", CR 700.4)
    creatures_died: int = 0
    #: each creature that died this turn as it last existed (CR 603.10a): its
    #: controller, whether it was a token, its creature types ("for each Zubera that
    #: died this turn", "nontoken creatures that died this turn": rules/died_this_turn)
    died_creatures: list[tuple[int, bool, tuple[str, ...]]] = field(default_factory=list)
    #: a nonland permanent left the battlefield this turn (void, rules/left_this_turn.py)
    nonland_left: bool = False
    #: player -> the card types of the permanents that left the battlefield under
    #: their control this turn (revolt, "if a permanent left the battlefield under your
    #: control this turn"; rules/left_this_turn.py)
    left_under_control: dict[int, frozenset[str]] = field(default_factory=dict)
    #: a spell was cast for its warp cost this turn (CR 702.185c)
    warped: bool = False
    #: permanents dealt damage this turn ("a creature dealt damage this turn", CR 120.3),
    #: and players, by their negative references ("any target that was dealt damage
    #: this turn")
    damaged_objects: set[int] = field(default_factory=set)
    #: (source, permanent) pairs: the permanent was dealt damage by that source this
    #: turn ("a creature dealt damage by this creature this turn", CR 120.3)
    damaged_by: set[tuple[int, int]] = field(default_factory=set)
    #: the attackers declared in this combat, with what each attacks (CR 508.1)
    attacks_declared: tuple[tuple[int, int], ...] = ()
    #: the attackers declared in this combat as they were declared: (creature, its
    #: controller, its power) ("if you attacked with creatures with total power 6 or
    #: greater this combat", pack tactics; CR 508.1, rules/conditions.py)
    attackers_power: tuple[tuple[int, int, int], ...] = ()
    #: player -> the cards that left their graveyard this turn ("if a card left your
    #: graveyard this turn", CR 404.1; rules/left_this_turn.py)
    left_graveyard: dict[int, int] = field(default_factory=dict)
    #: combat phases begun this turn ("if it's the first combat phase of the turn",
    #: CR 506.1, 500.8; counted as each beginning of combat step begins, rules/turn.py)
    combat_phases: int = 0
    #: how many postcombat main phases have begun this turn: the first one is the
    #: turn's second main phase, an additional one after it isn't (CR 505.1a)
    postcombat_mains: int = 0
    #: creatures declared as attackers this turn (raid, CR 508.1)
    attackers_this_turn: int = 0
    #: the creatures declared as attackers this turn ("if this creature attacked this
    #: turn": boast, CR 702.142a; a creature put onto the battlefield attacking never
    #: attacked, 508.4)
    attacked: set[int] = field(default_factory=set)
    #: (blocker, attacker) pairs of the blocks declared this turn ("each creature that
    #: blocked or was blocked this turn", CR 509.1a, 509.1h)
    blocks: set[tuple[int, int]] = field(default_factory=set)
    #: a cleanup step must be followed by another (CR 514.3a)
    extra_cleanup: bool = False
    #: an effect ended the turn (CR 723.1): no player gets priority until the game
    #: has skipped to the cleanup step (rules/turn.py)
    ending_turn: bool = False
    #: the bands of the current combat (CR 702.22), cleared at end of combat
    bands: tuple[tuple[int, ...], ...] = ()
    #: random blocks by piles are in effect this turn (CR 611.2a)
    random_pile_blocks: bool = False
    #: the last coin flip and die roll this turn (CR 705, 706), for conditions
    last_coin_flip: dict[str, Any] | None = None
    last_die_roll: dict[str, Any] | None = None
    #: the last clash this turn (CR 701.30): who clashed and who won, for "if you win"
    last_clash: dict[str, Any] | None = None
    #: the last vote this turn (CR 701.38): the votes cast, for "if X gets more votes"
    last_vote: dict[str, Any] | None = None
    #: spells and abilities that were countered on resolution this turn (CR 608.2b)
    fizzled: set[int] = field(default_factory=set)
    #: stack object -> what was chosen and paid as it was cast (CR 601.2b-h, 400.7d)
    paid: dict[int, dict[str, Any]] = field(default_factory=dict)
    #: player -> life they gained this turn (CR 119.3: "if you gained life this turn")
    life_gained: dict[int, int] = field(default_factory=dict)
    #: player -> cards they drew this turn, each draw counted (CR 121.2: "whenever you
    #: draw your second card each turn")
    cards_drawn: dict[int, int] = field(default_factory=dict)
    #: player -> damage dealt to them this turn (CR 120.3)
    damage_to_player: dict[int, int] = field(default_factory=dict)
    #: permanents that entered the battlefield this turn ("creatures that entered
    #: this turn"; each entry is a new object, CR 400.7)
    entered: set[int] = field(default_factory=set)
    #: source -> the permanents returned to hand to pay its cost (CR 602.2b)
    cost_returned: dict[int, list[dict[str, Any]]] = field(default_factory=dict)
    #: object -> until when its face stays revealed
    revealed: dict[int, int | str] = field(default_factory=dict)
    #: (object, ability index) -> activations this turn ("activate only once each turn")
    activated: dict[tuple[int, int], int] = field(default_factory=dict)
    #: permanents whose loyalty abilities were activated this turn (CR 606.3)
    loyalty_activated: set[int] = field(default_factory=set)
    #: (object, ability text) of abilities that trigger only once each turn and did (CR 603.2)
    triggered_once: set[tuple[int, str]] = field(default_factory=set)
    #: (object, ability text) of "Do this only once each turn" abilities whose action
    #: was taken this turn (CR 603.2h)
    did_once: set[tuple[int, str]] = field(default_factory=set)
    #: player -> creature types of their sources that dealt combat damage to a player (prowl, 702.76a)
    prowl_types: dict[int, tuple[str, ...]] = field(default_factory=dict)
    #: permanent that left the battlefield -> the Auras and Equipment attached to it
    #: immediately before it left ("all Equipment attached to that creature", CR 608.2h)
    left_attached: dict[int, tuple[int, ...]] = field(default_factory=dict)
    #: Aura, Equipment or Fortification that left the battlefield -> the permanent it
    #: was attached to immediately before it left ("enchanted creature" of an Aura
    #: that's gone, read by its abilities: last known information, CR 608.2h, 113.7a)
    left_attached_to: dict[int, int] = field(default_factory=dict)
    #: spell that left the stack (countered, resolved, exiled) -> that spell as it
    #: last existed on the stack: "copy that spell" once it's gone copies it by last
    #: known information (CR 608.2h, 707.10). (Objects compare by identity: a game
    #: and its saved copy are equal whatever this holds.)
    left_stack: dict[int, GameObject] = field(default_factory=dict, compare=False)
    #: permanents whose "once during each of your turns, you may cast a creature spell
    #: from your graveyard" was used this turn (Karador; rules/play_permissions.py)
    graveyard_casts: set[int] = field(default_factory=set)
    #: (step, n): the last n decisions, all in this step, each had one legal answer
    #: (a loop of mandatory actions is a draw, CR 104.4b)
    forced_decisions: tuple[int, int] | None = None
    #: player -> "the next time you cast an instant or sorcery spell from your hand
    #: this turn, put that card into your hand ... as it resolves" effects waiting
    #: for that spell (Soulfire Grand Master; effects/next_cast.py)
    next_cast_to_hand: dict[int, int] = field(default_factory=dict)
    #: player -> "the next sorcery spell you cast this turn can be cast as though it
    #: had flash" effects waiting for that spell (Quicken; effects/next_cast.py)
    next_cast_flash: dict[int, int] = field(default_factory=dict)
    #: "The next time you would draw a card this turn, [...] instead" effects waiting
    #: for that draw (Words of Worship): each a record of its player, its own number
    #: and what it does instead (rules/draw_instead.py, effects/next_cast.py)
    next_draw_instead: tuple[dict[str, Any], ...] = ()
    #: player -> "the next [creature] spell you cast this turn can't be countered"
    #: effects waiting for that spell, each the card types it waits for (none: any
    #: spell) (Mistrise Village, Insist; effects/next_cast.py)
    next_cast_uncounterable: dict[int, tuple[tuple[str, ...], ...]] = field(default_factory=dict)
    #: player -> "you may cast [creature] spells this turn as though they had flash"
    #: permissions, each the spells it describes (Alchemist's Refuge; effects/
    #: next_cast.py, rules/cast_permissions.has_flash)
    cast_as_flash: dict[int, tuple[Filter, ...]] = field(default_factory=dict)
    #: player -> "the next [instant or sorcery] spell you cast this turn costs {1}
    #: less to cast" effects waiting for that spell, each a record of the card types
    #: and subtypes it waits for (none: any spell), the mana, how many times, and its
    #: source's name (Peerless Samurai; effects/next_cast.py, rules/cost_changes.py)
    next_cast_less: dict[int, tuple[dict[str, Any], ...]] = field(default_factory=dict)
    #: player -> lands they may play this turn beyond their usual one ("you may play
    #: an additional land this turn", CR 305.2; rules/player_limits.py)
    extra_land_plays: dict[int, int] = field(default_factory=dict)
    #: player -> the mana in their pool (counts by type, W U B R G C) that they don't
    #: lose as steps and phases end this turn (Sakura-Tribe Springcaller, CR 106.4,
    #: 500.4; effects/mana.py)
    persistent_mana: dict[int, tuple[int, ...]] = field(default_factory=dict)
    #: player -> the mana they spent to cast spells this turn (expend, CR 700.14)
    mana_spent_on_spells: dict[int, int] = field(default_factory=dict)
    #: player -> the permanent cards put into their graveyard this turn (descend,
    #: CR 700.11; rules/descended.py)
    descended: dict[int, int] = field(default_factory=dict)
    #: Mount -> the creatures that saddled it this turn, tapped to pay its saddle
    #: cost ("a creature that saddled it this turn", CR 702.171c)
    saddled_by: dict[int, tuple[int, ...]] = field(default_factory=dict)
    #: Vehicle -> the creatures that crewed it this turn, tapped to pay its crew cost
    #: ("target creature that crewed it this turn", CR 702.122b)
    crewed_by: dict[int, tuple[int, ...]] = field(default_factory=dict)
    #: player -> mana (by pool index) they don't lose as steps end until end of combat
    #: (firebending, CR 702.189a; rules/turn.py)
    combat_mana: dict[int, list[int]] = field(default_factory=dict)
    #: players under whose control an Assassin creature (or a commander) dealt combat
    #: damage to a player this turn (freerunning, CR 702.173a)
    assassin_damage: set[int] = field(default_factory=set)
    #: players who had a land enter the battlefield under their control this turn
    #: (landfall, CR 207.2c; rules/entered_this_turn.py)
    lands_entered: set[int] = field(default_factory=set)
    #: player -> nonland permanents that entered the battlefield under their control
    #: this turn (celebration, CR 207.2c; rules/entered_this_turn.py)
    nonland_entered: dict[int, int] = field(default_factory=dict)
    #: (permanent, player) pairs: the permanent became the target of a spell or
    #: ability that player controlled this turn (valiant, "for the first time each
    #: turn", CR 603.2; rules/targeted.py)
    targeted_by: set[tuple[int, int]] = field(default_factory=set)
    #: each permanent that entered the battlefield this turn, as it entered: (its
    #: controller, its id, its card types, its subtypes) ("if an artifact entered the
    #: battlefield under your control this turn", CR 603.4; rules/entered_this_turn.py)
    entered_records: list[tuple[int, int, frozenset[str], frozenset[str], frozenset[str]]] = field(
        default_factory=list
    )
    #: player -> the cards put into their graveyard from anywhere this turn, tokens
    #: not counted ("if an opponent had three or more cards put into their graveyard
    #: from anywhere this turn", CR 404.1; rules/turn_records.py)
    cards_to_graveyard: dict[int, int] = field(default_factory=dict)
    #: players who searched their own library this turn ("if an opponent searched
    #: their library this turn", CR 701.23a; effects/search.py)
    searched_library: set[int] = field(default_factory=set)
    #: additional combat phases still to come (CR 500.8): [the last step of the phase
    #: each comes directly after, the step that follows it, 1 if an additional main
    #: phase follows the combat phase else 0], the latest created last
    #: (effects/turns.extra_combat, rules/turn.py)
    additional_combats: list[list[int]] = field(default_factory=list)
    #: the step that follows the additional combat phase in progress, if one is
    additional_combat_then: int | None = None
    #: the step that follows the additional main phase in progress ("an additional
    #: combat phase followed by an additional main phase", CR 500.8, 505.1a), if one is
    additional_main_then: int | None = None

    # (written out, not generated by @dataclass: mypyc compiles a method written in
    # the class, while the dataclass-made __init__ would run interpreted; every
    # field is set, tests/test_compiled_inits.py checks it)
    def __init__(
        self,
        spells_cast: int = 0,
        spells_cast_last_turn: list[int] | None = None,
        instants_sorceries_cast: dict[int, int] | None = None,
        resolutions: dict[tuple[int, str], int] | None = None,
        died_permanents: int = 0,
        creatures_died: int = 0,
        died_creatures: list[tuple[int, bool, tuple[str, ...]]] | None = None,
        nonland_left: bool = False,
        left_under_control: dict[int, frozenset[str]] | None = None,
        warped: bool = False,
        damaged_objects: set[int] | None = None,
        damaged_by: set[tuple[int, int]] | None = None,
        attacks_declared: tuple[tuple[int, int], ...] = (),
        attackers_power: tuple[tuple[int, int, int], ...] = (),
        left_graveyard: dict[int, int] | None = None,
        combat_phases: int = 0,
        postcombat_mains: int = 0,
        attackers_this_turn: int = 0,
        attacked: set[int] | None = None,
        blocks: set[tuple[int, int]] | None = None,
        extra_cleanup: bool = False,
        ending_turn: bool = False,
        bands: tuple[tuple[int, ...], ...] = (),
        random_pile_blocks: bool = False,
        last_coin_flip: dict[str, Any] | None = None,
        last_die_roll: dict[str, Any] | None = None,
        last_clash: dict[str, Any] | None = None,
        last_vote: dict[str, Any] | None = None,
        fizzled: set[int] | None = None,
        paid: dict[int, dict[str, Any]] | None = None,
        life_gained: dict[int, int] | None = None,
        cards_drawn: dict[int, int] | None = None,
        damage_to_player: dict[int, int] | None = None,
        entered: set[int] | None = None,
        cost_returned: dict[int, list[dict[str, Any]]] | None = None,
        revealed: dict[int, int | str] | None = None,
        activated: dict[tuple[int, int], int] | None = None,
        loyalty_activated: set[int] | None = None,
        triggered_once: set[tuple[int, str]] | None = None,
        did_once: set[tuple[int, str]] | None = None,
        prowl_types: dict[int, tuple[str, ...]] | None = None,
        left_attached: dict[int, tuple[int, ...]] | None = None,
        left_attached_to: dict[int, int] | None = None,
        left_stack: dict[int, GameObject] | None = None,
        graveyard_casts: set[int] | None = None,
        forced_decisions: tuple[int, int] | None = None,
        next_cast_to_hand: dict[int, int] | None = None,
        next_cast_flash: dict[int, int] | None = None,
        next_draw_instead: tuple[dict[str, Any], ...] = (),
        next_cast_uncounterable: dict[int, tuple[tuple[str, ...], ...]] | None = None,
        cast_as_flash: dict[int, tuple[Filter, ...]] | None = None,
        next_cast_less: dict[int, tuple[dict[str, Any], ...]] | None = None,
        extra_land_plays: dict[int, int] | None = None,
        persistent_mana: dict[int, tuple[int, ...]] | None = None,
        mana_spent_on_spells: dict[int, int] | None = None,
        descended: dict[int, int] | None = None,
        saddled_by: dict[int, tuple[int, ...]] | None = None,
        crewed_by: dict[int, tuple[int, ...]] | None = None,
        combat_mana: dict[int, list[int]] | None = None,
        assassin_damage: set[int] | None = None,
        lands_entered: set[int] | None = None,
        nonland_entered: dict[int, int] | None = None,
        targeted_by: set[tuple[int, int]] | None = None,
        entered_records: list[tuple[int, int, frozenset[str], frozenset[str], frozenset[str]]]
        | None = None,
        cards_to_graveyard: dict[int, int] | None = None,
        searched_library: set[int] | None = None,
        additional_combats: list[list[int]] | None = None,
        additional_combat_then: int | None = None,
        additional_main_then: int | None = None,
    ) -> None:
        self.spells_cast = spells_cast
        self.spells_cast_last_turn = [] if spells_cast_last_turn is None else spells_cast_last_turn
        self.instants_sorceries_cast = (
            {} if instants_sorceries_cast is None else instants_sorceries_cast
        )
        self.resolutions = {} if resolutions is None else resolutions
        self.died_permanents = died_permanents
        self.creatures_died = creatures_died
        self.died_creatures = [] if died_creatures is None else died_creatures
        self.nonland_left = nonland_left
        self.left_under_control = {} if left_under_control is None else left_under_control
        self.warped = warped
        self.damaged_objects = set() if damaged_objects is None else damaged_objects
        self.damaged_by = set() if damaged_by is None else damaged_by
        self.attacks_declared = attacks_declared
        self.attackers_power = attackers_power
        self.left_graveyard = {} if left_graveyard is None else left_graveyard
        self.combat_phases = combat_phases
        self.postcombat_mains = postcombat_mains
        self.attackers_this_turn = attackers_this_turn
        self.attacked = set() if attacked is None else attacked
        self.blocks = set() if blocks is None else blocks
        self.extra_cleanup = extra_cleanup
        self.ending_turn = ending_turn
        self.bands = bands
        self.random_pile_blocks = random_pile_blocks
        self.last_coin_flip = last_coin_flip
        self.last_die_roll = last_die_roll
        self.last_clash = last_clash
        self.last_vote = last_vote
        self.fizzled = set() if fizzled is None else fizzled
        self.paid = {} if paid is None else paid
        self.life_gained = {} if life_gained is None else life_gained
        self.cards_drawn = {} if cards_drawn is None else cards_drawn
        self.damage_to_player = {} if damage_to_player is None else damage_to_player
        self.entered = set() if entered is None else entered
        self.cost_returned = {} if cost_returned is None else cost_returned
        self.revealed = {} if revealed is None else revealed
        self.activated = {} if activated is None else activated
        self.loyalty_activated = set() if loyalty_activated is None else loyalty_activated
        self.triggered_once = set() if triggered_once is None else triggered_once
        self.did_once = set() if did_once is None else did_once
        self.prowl_types = {} if prowl_types is None else prowl_types
        self.left_attached = {} if left_attached is None else left_attached
        self.left_attached_to = {} if left_attached_to is None else left_attached_to
        self.left_stack = {} if left_stack is None else left_stack
        self.graveyard_casts = set() if graveyard_casts is None else graveyard_casts
        self.forced_decisions = forced_decisions
        self.next_cast_to_hand = {} if next_cast_to_hand is None else next_cast_to_hand
        self.next_cast_flash = {} if next_cast_flash is None else next_cast_flash
        self.next_draw_instead = next_draw_instead
        self.next_cast_uncounterable = (
            {} if next_cast_uncounterable is None else next_cast_uncounterable
        )
        self.cast_as_flash = {} if cast_as_flash is None else cast_as_flash
        self.next_cast_less = {} if next_cast_less is None else next_cast_less
        self.extra_land_plays = {} if extra_land_plays is None else extra_land_plays
        self.persistent_mana = {} if persistent_mana is None else persistent_mana
        self.mana_spent_on_spells = {} if mana_spent_on_spells is None else mana_spent_on_spells
        self.descended = {} if descended is None else descended
        self.saddled_by = {} if saddled_by is None else saddled_by
        self.crewed_by = {} if crewed_by is None else crewed_by
        self.combat_mana = {} if combat_mana is None else combat_mana
        self.assassin_damage = set() if assassin_damage is None else assassin_damage
        self.lands_entered = set() if lands_entered is None else lands_entered
        self.nonland_entered = {} if nonland_entered is None else nonland_entered
        self.targeted_by = set() if targeted_by is None else targeted_by
        self.entered_records = [] if entered_records is None else entered_records
        self.cards_to_graveyard = {} if cards_to_graveyard is None else cards_to_graveyard
        self.searched_library = set() if searched_library is None else searched_library
        self.additional_combats = [] if additional_combats is None else additional_combats
        self.additional_combat_then = additional_combat_then
        self.additional_main_then = additional_main_then

    def copy(self) -> TurnFlags:
        """An independent copy (the collections copied; the records in them shared)."""
        t = TurnFlags.__new__(TurnFlags)
        t.spells_cast = self.spells_cast
        t.spells_cast_last_turn = self.spells_cast_last_turn[:]
        t.instants_sorceries_cast = self.instants_sorceries_cast.copy()
        t.resolutions = self.resolutions.copy()
        t.died_permanents = self.died_permanents
        t.creatures_died = self.creatures_died
        t.died_creatures = self.died_creatures[:]
        t.nonland_left = self.nonland_left
        t.left_under_control = self.left_under_control.copy()
        t.warped = self.warped
        t.damaged_objects = self.damaged_objects.copy()
        t.lands_entered = self.lands_entered.copy()
        t.nonland_entered = self.nonland_entered.copy()
        t.entered_records = self.entered_records[:]
        t.damaged_by = self.damaged_by.copy()
        t.targeted_by = self.targeted_by.copy()
        t.attacks_declared = self.attacks_declared
        t.attackers_power = self.attackers_power
        t.combat_phases = self.combat_phases
        t.postcombat_mains = self.postcombat_mains
        t.left_graveyard = self.left_graveyard.copy()
        t.attackers_this_turn = self.attackers_this_turn
        t.attacked = self.attacked.copy()
        t.blocks = self.blocks.copy()
        t.extra_cleanup = self.extra_cleanup
        t.ending_turn = self.ending_turn
        t.bands = self.bands
        t.random_pile_blocks = self.random_pile_blocks
        t.last_coin_flip = self.last_coin_flip
        t.last_die_roll = self.last_die_roll
        t.last_clash = self.last_clash
        t.last_vote = self.last_vote
        t.fizzled = self.fizzled.copy()
        t.paid = self.paid.copy()
        t.life_gained = self.life_gained.copy()
        t.cards_drawn = self.cards_drawn.copy()
        t.damage_to_player = self.damage_to_player.copy()
        t.entered = self.entered.copy()
        t.cost_returned = self.cost_returned.copy()
        t.revealed = self.revealed.copy()
        t.activated = self.activated.copy()
        t.loyalty_activated = self.loyalty_activated.copy()
        t.triggered_once = self.triggered_once.copy()
        t.did_once = self.did_once.copy()
        t.prowl_types = self.prowl_types.copy()
        t.left_attached = self.left_attached.copy()
        t.left_attached_to = self.left_attached_to.copy()
        t.left_stack = self.left_stack.copy()
        t.graveyard_casts = self.graveyard_casts.copy()
        t.forced_decisions = self.forced_decisions
        t.next_cast_to_hand = self.next_cast_to_hand.copy()
        t.next_cast_flash = self.next_cast_flash.copy()
        t.next_draw_instead = self.next_draw_instead
        t.next_cast_uncounterable = self.next_cast_uncounterable.copy()
        t.cast_as_flash = self.cast_as_flash.copy()
        t.next_cast_less = self.next_cast_less.copy()
        t.extra_land_plays = self.extra_land_plays.copy()
        t.persistent_mana = self.persistent_mana.copy()
        t.mana_spent_on_spells = self.mana_spent_on_spells.copy()
        t.descended = self.descended.copy()
        t.saddled_by = self.saddled_by.copy()
        t.crewed_by = self.crewed_by.copy()
        t.combat_mana = {p: kept[:] for p, kept in self.combat_mana.items()}
        t.assassin_damage = self.assassin_damage.copy()
        t.cards_to_graveyard = self.cards_to_graveyard.copy()
        t.searched_library = self.searched_library.copy()
        t.additional_combats = [pair[:] for pair in self.additional_combats]
        t.additional_combat_then = self.additional_combat_then
        t.additional_main_then = self.additional_main_then
        return t
