"""What the optional mypyc build (``scripts/build_mypyc.py``) needs to know about a
class, in the source: run interpreted, none of it does anything.

``@mypyc_attr(allow_interpreted_subclasses=True)`` marks a class whose copies are
made field by field from a blank instance (``Cls.__new__(Cls)``, then each field
set, as ``Game.clone`` does): compiled, ``__new__`` then leaves ``__init__`` to the
call of the class, as it does interpreted (by default a compiled ``__new__`` runs
``__init__``, which wants its arguments).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    # what mypy and mypyc see (mypyc knows the decorator by this name)
    from mypy_extensions import mypyc_attr
else:
    # what runs: compiled, mypyc has already applied it to the class; interpreted,
    # there is nothing to do (and mypy_extensions, a part of mypy, need not be there)

    def mypyc_attr(*attrs, **kwattrs):
        return lambda cls: cls


__all__ = ["mypyc_attr"]
