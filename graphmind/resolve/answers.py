"""The answers a resolve pass holds (name lookups, the type evaluators' memos), and dropping them."""
from __future__ import annotations

from graphmind.resolve.python.evaluator import TypeEval


class Answers:
    """A resolver's per-pass answers (mixed into resolver.Resolver, whose `__init__` starts them)."""

    def forget(self) -> None:
        """Drop the pass's answers: asked again, an answer is computed again and equals the one dropped
        (answers do not depend on what was asked before, resolve/fixpoint.py), so a long pass may trade
        them for memory (resolve/spread.py)."""
        self._lookups: dict[tuple[int, str], tuple | None] = {}   # memos live on the resolver: one pass each
        # the full evaluator; the one resolving call sites for its parameter flow; the one resolving calls through parameters
        self.types, self.first_order, self.one_hop = TypeEval(self), TypeEval(self, flows=False), TypeEval(self, hops=False)

    def answers(self) -> int:
        """How many answers the pass holds (what `forget` drops)."""
        return len(self._lookups) + sum(len(e.solver.memo) for e in (self.types, self.first_order, self.one_hop))
