"""The metaclass of the engine's enums: a member read as ``EventKind.ZONE_CHANGE`` is
one dictionary look-up.

CPython 3.11's ``EnumType`` defines ``__getattr__`` (to find members by name, a
fallback 3.12 removed); a metaclass with ``__getattr__`` makes every attribute read
of its classes go through a Python-level call of ``type.__getattribute__``, about
150 ns, where a plain class attribute costs about 20 ns. The hot paths read
``EventKind``, ``DecisionKind`` ... members thousands of times a game (issue 12).

:class:`FastEnumType` reads an attribute of the class itself (every member is one)
with the generic attribute look-up, which 3.11 calls directly for a
``__getattribute__`` that is ``object.__getattribute__``: the metaclass's data
descriptors (``__members__``, ``__name__``, ``__doc__``) first, then the class's
own namespace. Anything else (an attribute inherited from ``Enum`` or ``str``,
such as ``_missing_`` or ``upper``) is found by ``type.__getattribute__``, as
before. The enums that use it define no methods, properties or class methods of
their own (which the generic look-up would return unbound).
"""

from __future__ import annotations

from enum import EnumType
from typing import Any


class FastEnumType(EnumType):
    """``EnumType`` with a class's own attributes (its members) read directly."""

    __getattribute__ = object.__getattribute__

    def __getattr__(cls, name: str) -> Any:
        # inherited attributes, and an AttributeError naming the class as before
        return type.__getattribute__(cls, name)


__all__ = ["FastEnumType"]
