"""Keyword abilities of permanents (CR 702), each in its module.

Importing this module registers them (see :mod:`mtg_engine.game.hooks`):

=============================  =============  ======================
keyword                        CR             module
=============================  =============  ======================
Echo, Cumulative upkeep,       702.30/24      :mod:`.upkeep`
Fading, Vanishing              702.32/63      :mod:`.upkeep`, :mod:`.vanishing`
"Enters with" counters:        702.32/63/43/  :mod:`.etb_counters`
fading, vanishing, modular,    58/44/54
graft, sunburst, bloodthirst
Modular, Soulshift (dies)      702.43/46      :mod:`.leaves`
Undying, Persist (dies)        702.93/79      :mod:`.undying`
Graft (another creature)       702.58         :mod:`.graft`
Equip, Fortify                 702.6/67       :mod:`.activated`
Ward                           702.21         :mod:`.ward`
Ninjutsu (from hand)           702.49         :mod:`.ninjutsu`
Forecast (from hand)           702.57         :mod:`.forecast`
Aura swap                      702.65         :mod:`.aura_swap`
Transfigure                    702.71         :mod:`.transfigure`
Recover (from graveyard)       702.59         :mod:`.recover`
Dredge (from graveyard)        702.52         :mod:`.dredge`
Amplify (as it enters)         702.38         :mod:`.amplify`
Devour (as it enters)          702.82         :mod:`.devour`
Absorb (damage prevention)     702.64         :mod:`.absorb`
Champion                       702.72         :mod:`.champion`
Prowess                        702.108        :mod:`.prowess`
Increment (cast trigger)       reminder text  :mod:`.increment`
Hideaway                       702.75         :mod:`.hideaway`
Haunt (graveyard, exile)       702.55         :mod:`.haunt`
Level up, level symbols        702.87, 711    :mod:`.level_up`
Unearth (from graveyard)       702.84         :mod:`.unearth`
Scavenge (from graveyard)      702.97         :mod:`.scavenge`
Boast                          702.142        :mod:`.boast`
Encore (from graveyard)        702.141        :mod:`.encore`
Rebound (leaving the stack)    702.88         :mod:`.rebound`
Decayed                        702.147        :mod:`.decayed`
Daybound, Nightbound           702.145        :mod:`.daybound`
Station, station symbols       702.184, 721   :mod:`.station`
Riot (as it enters)            702.136        :mod:`.riot`
Mobilize (attacks)             702.181        :mod:`.mobilize`
Reconfigure                    702.151        :mod:`.reconfigure`
For Mirrodin! (enters)         702.163        :mod:`.for_mirrodin`
Ravenous (enters)              702.156        :mod:`.ravenous`
Firebending (attacks)          702.189        :mod:`.firebending`
Living metal                   702.161        :mod:`.living_metal`
Soulbond (pairing)             702.95         :mod:`.soulbond`
Enlist (attacks)               702.154        :mod:`.enlist`
Craft                          702.167        :mod:`.craft`
=============================  =============  ======================
"""

from __future__ import annotations

from . import (  # noqa: F401
    absorb,
    activated,
    amplify,
    ascend,
    aura_swap,
    backup,
    boast,
    cascade,
    champion,
    craft,
    daybound,
    decayed,
    devour,
    dredge,
    embalm,
    encore,
    enlist,
    etb_counters,
    evolve,
    exploit,
    extort,
    fabricate,
    firebending,
    for_mirrodin,
    forecast,
    graft,
    haunt,
    hideaway,
    increment,
    job_select,
    leaves,
    level_up,
    living_metal,
    living_weapon,
    mobilize,
    ninjutsu,
    prowess,
    ravenous,
    rebound,
    reconfigure,
    recover,
    renown,
    riot,
    scavenge,
    soulbond,
    stack_records,
    station,
    toxic,
    transfigure,
    undying,
    unearth,
    unleash,
    upkeep,
    vanishing,
    ward,
)
