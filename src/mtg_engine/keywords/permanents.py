"""Keyword abilities of permanents (CR 702), each in its module.

Importing this module registers them (see :mod:`.registry`):

=============================  =============  ======================
keyword                        CR             module
=============================  =============  ======================
Echo, Cumulative upkeep,       702.30/24      :mod:`.upkeep`
Fading, Vanishing              702.32/63      :mod:`.upkeep`, :mod:`.vanishing`
"Enters with" counters:        702.32/63/43/  :mod:`.etb_counters`
fading, vanishing, modular,    58/44/54
graft, sunburst, bloodthirst
Modular, Soulshift (dies)      702.43/46      :mod:`.leaves`
Graft (another creature)       702.58         :mod:`.graft`
Equip, Fortify                 702.6/67       :mod:`.activated`
=============================  =============  ======================
"""

from __future__ import annotations

from . import activated, etb_counters, graft, leaves, stack_records, upkeep, vanishing  # noqa: F401
