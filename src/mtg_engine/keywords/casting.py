"""Keyword abilities about casting spells and their costs (CR 702), each in its module.

Importing this module registers them (see :mod:`mtg_engine.game.hooks`):

=====================  ==========  =====================================
keyword                CR          module
=====================  ==========  =====================================
Kicker, Multikicker    702.33      :mod:`.kicker`
Buyback                702.27      :mod:`.buyback`
Flashback              702.34      :mod:`.flashback`
Foretell               702.143     :mod:`.foretell` (foretelling: a special
                                   action, ``alt="foretell"``; cast with
                                   ``alt="foretold"``)
Plot                   702.170     :mod:`.plot` (plotting: a special action,
                                   ``alt="plot"``; cast with ``alt="plotted"``)
Madness                702.35      :mod:`.madness`
Evoke                  702.74      :mod:`.evoke`
Storm, Gravestorm      702.40/69   :mod:`.storm` (copies: :mod:`.copies`)
Replicate              702.56      :mod:`.replicate`
Splice                 702.47      :mod:`.splice`
Entwine, Affinity,     702.42/41   :mod:`.cost_keywords` (rules in
Convoke, Delve,        702.51/66   ``rules/costs.py`` and ``rules/casting.py``)
Split second           702.61
Suspend                702.62      :mod:`.suspend`
Morph, Megamorph       702.37      :mod:`.morph` (casting face down)
Cycling, Typecycling,  702.29      :mod:`.activated`
Transmute, Reinforce   702.53/77
Retrace                702.81      :mod:`.retrace` (an additional cost, cast
                                   like an alternative one: ``alt="retrace"``)
Prowl                  702.76      :mod:`.prowl` ("if its prowl cost was paid":
                                   :mod:`.alt_conditions`)
Ripple                 702.60      :mod:`.ripple`
Epic                   702.50      :mod:`.epic`
Offering               702.48      :mod:`.offering`
Fuse                   702.102     :mod:`.fuse`
Aftermath              702.127     :mod:`.aftermath`
Disturb                702.146     :mod:`.disturb` (cast transformed from the
                                   graveyard: ``alt="disturb"``)
Bestow                 702.103     :mod:`.bestow` (cast as an Aura: ``alt="bestow"``)
Squad, Offspring       702.157/175 :mod:`.copy_costs` (token copies as it enters)
Warp                   702.185     :mod:`.warp` (``alt="warp"``; cast from exile
                                   on a later turn with ``alt="warped"``)
Escape                 702.138     :mod:`.escape` (cast from the graveyard:
                                   ``alt="escape"``)
Blitz                  702.152     :mod:`.blitz` (``alt="blitz"``)
Emerge                 702.119     :mod:`.emerge` (``alt="emerge"`` with the
                                   creature sacrificed announced)
Awaken                 702.113     :mod:`.awaken` (``alt="awaken"``)
Miracle                702.94      :mod:`.miracle` (cast by its trigger)
Casualty               702.153     :mod:`.casualty` (the creature sacrificed
                                   announced: ``sacrifice=(creature,)``)
Conspire               702.78      :mod:`.conspire` (``conspire=True``; the
                                   two creatures tapped asked as it's paid)
Demonstrate            702.144     :mod:`.demonstrate` (a "may" as it resolves;
                                   the opponent's copy is theirs)
Freerunning            702.173     :mod:`.freerunning` (``alt="freerunning"``)
Jump-start             702.133     :mod:`.jump_start` (``alt="jump-start"``, a
                                   card discarded: ``discard=(card,)``)
Mayhem                 702.187     :mod:`.mayhem` (cast from the graveyard the
                                   turn it was discarded: ``alt="mayhem"``)
Prototype              702.160     :mod:`.prototype` (``alt="prototype"``)
Cipher                 702.99      :mod:`.cipher` (encoded as it resolves; the
                                   creature's combat damage trigger)
Gift                   702.174     :mod:`.gift` (the opponent promised the
                                   gift announced: ``gift=player``)
Bargain                702.166     :mod:`.bargain` (the permanent sacrificed
                                   announced: ``sacrifice=(permanent,)``)
Harmonize              702.180     :mod:`.harmonize` (``alt="harmonize"``, the
                                   creature tapped: ``harmonize=creature``)
Web-slinging           702.188     :mod:`.web_slinging` (``alt="web-slinging"``)
Sneak                  (118.9)     :mod:`.sneak` (``alt="sneak"``, during the
                                   declare blockers step)
Assist                 702.132     :mod:`.assist` (another player chosen as the
                                   cost is paid pays some generic mana)
Spree                  702.172     :mod:`.spree` (the costs of the modes chosen:
                                   ``modes``)
Escalate               702.120     :mod:`.escalate` (its cost for each mode
                                   beyond the first: ``modes``)
=====================  ==========  =====================================
"""

from __future__ import annotations

from . import (  # noqa: F401
    activated,
    aftermath,
    alt_conditions,
    assist,
    awaken,
    bargain,
    bestow,
    blitz,
    buyback,
    casualty,
    cipher,
    conspire,
    copies,
    copy_costs,
    cost_keywords,
    dash,
    demonstrate,
    disturb,
    emerge,
    epic,
    escalate,
    escape,
    evoke,
    flashback,
    foretell,
    freerunning,
    fuse,
    gift,
    harmonize,
    jump_start,
    kicker,
    madness,
    mayhem,
    miracle,
    morph,
    offering,
    overload,
    plot,
    prototype,
    prowl,
    rather_than,
    replicate,
    retrace,
    ripple,
    sneak,
    splice,
    spree,
    stack_records,
    storm,
    surge_spectacle,
    suspend,
    undaunted,
    warp,
    web_slinging,
)
