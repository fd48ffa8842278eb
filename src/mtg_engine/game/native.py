"""What the optional mypyc build (``scripts/build_mypyc.py``) needs to know about a
class, in the source: run interpreted, none of it does anything.

``@mypyc_attr(allow_interpreted_subclasses=True)`` marks a class whose copies are
made field by field from a blank instance (``Cls.__new__(Cls)``, then each field
set, as ``Game.clone`` does): compiled, ``__new__`` then leaves ``__init__`` to the
call of the class, as it does interpreted (by default a compiled ``__new__`` runs
``__init__``, which wants its arguments). Without mypy installed (a plain
``pip install .``) the decorator is a no-op of the same name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr
else:
    try:
        from mypy_extensions import mypyc_attr
    except ImportError:  # pure-Python install: nothing is compiled

        def mypyc_attr(*attrs, **kwattrs):
            return lambda cls: cls


__all__ = ["mypyc_attr"]
