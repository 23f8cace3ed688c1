"""The answers a resolve pass holds (name lookups, the type evaluators' memos), and dropping them."""
from __future__ import annotations

from graphmind.resolve.python.evaluator import TypeEval


class Answers:
    """A resolver's per-pass answers (mixed into resolver.Resolver, whose `__init__` starts them)."""

    def forget(self) -> None:
        """Drop the pass's answers: asked again, an answer is computed again and equals the one dropped
        (answers do not depend on what was asked before, resolve/fixpoint.py), so a long pass may trade
        them for memory (resolve/spread.py)."""
        # memos live on the resolver: one pass each (resolve/scopes.py); the lookups answered while
        # the language hooks rewrote the tables stay (`_prepared`)
        self._init_scopes(dict(self._prepared))
        # the full evaluator; the one resolving call sites for its parameter flow; the one resolving calls through parameters
        self.types, self.first_order, self.one_hop = TypeEval(self), TypeEval(self, flows=False), TypeEval(self, hops=False)

    def answers(self) -> int:
        """How many answers the pass holds (what `forget` drops)."""
        scopes = len(self._lookups) + len(self._outers) + len(self._outside) + len(self._paths) + len(self.heads)
        return scopes + sum(len(e.solver.memo) for e in (self.types, self.first_order, self.one_hop))
