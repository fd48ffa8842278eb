"""Target references in ability text (CR 115.1, 601.2c): renumbering them when
text joins a spell after other targets (a later mode, a spliced card, a fused half)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..cards.abilities import Effect, TargetRef


def shift_target_refs(v: Any, n: int) -> Any:
    """Renumber the target references in ``v`` by ``n`` (text whose targets come
    after others': spliced text, a later mode, a fused half; CR 702.47b, 700.2)."""
    if isinstance(v, TargetRef):
        return TargetRef(v.index + n)
    if isinstance(v, Effect):
        return replace(v, args={k: shift_target_refs(x, n) for k, x in v.args.items()})
    if isinstance(v, tuple):
        return tuple(shift_target_refs(x, n) for x in v)
    if isinstance(v, list):
        return [shift_target_refs(x, n) for x in v]
    if isinstance(v, dict):
        return {k: shift_target_refs(x, n) for k, x in v.items()}
    if hasattr(v, "__dataclass_fields__") and not isinstance(v, type):
        try:
            return replace(
                v, **{f: shift_target_refs(getattr(v, f), n) for f in v.__dataclass_fields__}
            )
        except TypeError:
            return v
    return v
