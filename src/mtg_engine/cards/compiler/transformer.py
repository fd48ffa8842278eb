"""Parse tree → ability objects.

One method per grammar rule or alias (see ``oracle.lark``). Verb phrases
return lists of :class:`Effect` with :data:`~.ir.SUBJ` where the clause's
subject goes; noun phrases return Refs or placeholders (:mod:`.ir`);
top-level rules return :class:`Parsed` records that ``compile_text`` turns
into :class:`Ability` objects once the face's types are known.
"""

from __future__ import annotations

from collections.abc import Callable

from lark import Transformer

from ..abilities import Ability
from .tx_clauses import ClauseRules
from .tx_common import EOT, CompileError, Parsed
from .tx_copy import CopyRules
from .tx_keywords import KeywordRules
from .tx_nouns import NounRules
from .tx_verbs import VerbRules

__all__ = ["EOT", "CompileError", "OracleTransformer", "Parsed"]


class OracleTransformer(KeywordRules, ClauseRules, NounRules, VerbRules, CopyRules, Transformer):
    """Bottom-up transformer from the Oracle grammar's tree (one method per rule).

    ``assemble_quoted`` turns the abilities granted in quotes into abilities, as a
    permanent's are assembled (the compiler's assembly, which runs this
    transformer, hands it in).
    """

    def __init__(self, assemble_quoted: Callable[[Parsed], tuple[Ability, ...]]) -> None:
        super().__init__()
        self.assemble_quoted = assemble_quoted
