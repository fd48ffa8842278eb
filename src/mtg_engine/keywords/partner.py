"""Partner and its variants (CR 702.124): deck construction only.

702.124a: partner abilities modify the rules for deck construction in the
Commander variant (CR 903) and function before the game begins: each lets a
player designate two cards as their commander. "Partner" (702.124h),
"Partner—[text]" (702.124i), "Choose a Background" (702.124k) and "Doctor's
companion" (702.124m) have no effect during a game, in a two-player game or in
any other: the engine has nothing to run for them, so they count as
implemented. The commander layer (CR 903.3) reads them when it checks a
Commander deck's two commanders (702.124b-g); that check is not built yet.

"Partner with [name]" (702.124j) is a different keyword: besides the deck
rule it has a triggered ability ("When this permanent enters, target player may
search their library for a card named [name] ...") and is not declared here.
"""

from __future__ import annotations

from ..rules.support import register_keywords

#: the partner abilities that only matter when a Commander deck is built (702.124a)
DECK_CONSTRUCTION_ONLY = ("Partner", "Choose a background", "Doctor's companion")

register_keywords(*DECK_CONSTRUCTION_ONLY)
