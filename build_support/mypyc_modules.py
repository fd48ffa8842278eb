"""Which modules the compiled build of mtg-engine compiles with mypyc (issue 12).

Read by ``setup.py`` (``MTG_ENGINE_COMPILE=1 pip install .``) and by
``scripts/build_mypyc.py`` (an in-place build of a development tree), so both
compile the same modules. ``benchmarks/mypyc.md`` says why these and not others.
"""

from __future__ import annotations

import os

#: the compiled modules, relative to src/mtg_engine: the hot part of game/, rules/,
#: the keywords and agents every game runs, and the simulation loop
#: (benchmarks/mypyc.md). Their module-level constants are declared ``Final`` (mypyc
#: then keeps them in C statics, not the module's globals dict; likewise the members of
#: an enum defined in a compiled module: the hot enums have modules of their own,
#: game/decision_kinds.py and cards/ability_kinds.py; the decision records every decision
#: builds, game/decision_records.py). game/actions.py, serialize.py, invariants.py and
#: rules/layers_check.py stay interpreted (mypyc can't compile them as they are).
MODULES = (
    *(
        f"game/{m}.py"
        for m in (
            "state",
            "emitter",
            "objects",
            "events",
            "rng",
            "records",
            "tasks",
            "turn_flags",
            "keyword_names",
            "decision_kinds",
            "decision_records",
        )
    ),
    *(
        f"rules/{m}.py"
        for m in (
            "mana",
            "priority_options",
            "pipeline",
            "sba",
            "layers",
            "casting",
            "turn",
            "priority",
            "triggers",
            "characteristics",
            "char_values",
            "combat_requirements",
            "combat_rules",
            "combat",
            "zones",
            "play_permissions",
            "statics",
            "replacement",
            "tapping",
            "speed",
            "simultaneous",
            "decisions",
            "graveyard_abilities",
            "costs",
            "combat_damage",
            "cast_permissions",
            "activating",
            "step_skips",
            "damage",
            "targets",
            "face_down",
            "drawing",
            "effects_runner",
            "timing",
            "mana_costs",
            "tap_replacements",
            "state_triggers",
            "dungeons",
            "filters",
            "cast_time_targets",
            "saga",
            "permanents",
            "entered_this_turn",
            "snow_mana",
            "player_limits",
            "cost_changes",
            "damage_replacements",
            "damage_history",
            "targeted",
            "mana_spending",
            "mana_replacements",
            "phasing",
            "designations",
            "battle",
            "mana_triggers",
            "etb_replacements",
            "zone_replacements",
            "stack_choices",
            "exert",
            "untap_restrictions",
            "summoning_sickness",
            "game_end",
            "setup",
            "left_this_turn",
            "descended",
            "initiative",
            "cast_restrictions",
            "crime",
            "counter_costs",
            "monarch",
            "library_look",
            "player_effects",
            "cast_choices",
            "turn_counts",
            "player_replacements",
            "died_this_turn",
            "multiface",
            "resolve_to_hand",
            "cost_components",
            "pile_blocks",
            "day_night",
            "emblems",
            "waterbend",
        )
    ),
    *(
        f"keywords/{m}.py"
        for m in (
            "banding",
            "stack_records",
            "evasion",
            "protection",
            "replicate",
            "assist",
            "copy_costs",
            "daybound",
            "common",
            "offering",
            "enlist",
            "harmonize",
            "flashback",
            "cost_keywords",
            "etb_counters",
            "splice",
            "riot",
            "bargain",
            "kicker",
            "suspend",
            "epic",
            "buyback",
            "casualty",
            "storm",
            "emerge",
            "gift",
            "conspire",
        )
    ),
    *(
        f"effects/{m}.py"
        for m in (
            "cards",
            "permanents",
            "damage_life",
            "stack",
            "zones",
            "next_cast",
        )
    ),
    *(f"agents/{m}.py" for m in ("random_agent", "loops", "heuristic")),
    "game/hooks.py",
    "cards/ability_kinds.py",
    "sim.py",
)

#: the name of the shared library holding the compiled group (mypyc's runtime too)
GROUP = "mtg_engine_mypyc"

#: the environment variable that asks ``pip install .`` for the compiled build
COMPILE_ENV = "MTG_ENGINE_COMPILE"

#: what mypyc needs to type-check the modules in pip's isolated build environment:
#: mypy (mypyc ships with it) and the run-time dependencies the modules import
BUILD_REQUIRES = (
    "mypy>=1.18",
    "lark>=1.1",
    "PyYAML>=6.0",
    "types-PyYAML",
    "click>=8.1",
    "rich>=13.0",
)


def compile_requested() -> bool:
    """Whether this build compiles (``MTG_ENGINE_COMPILE`` set to anything but 0/empty)."""
    return os.environ.get(COMPILE_ENV, "").strip().lower() not in ("", "0", "no", "false")
