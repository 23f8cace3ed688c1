"""Memoized evaluation that survives cycles (`a = b`, `b = a`; a function returning its own call).

A key being computed that is asked for again is a cycle: the inner ask gets the empty answer, and
every computation under way is marked tainted, since its answer depends on where the cycle was cut;
tainted answers are not memoized, so an answer never depends on the order keys were first asked in.
"""
from __future__ import annotations

from collections.abc import Callable

EMPTY: frozenset = frozenset()
UNSEEN = object()          # a memo's miss, where None is an answer (dict.get(key, UNSEEN))


class CycleMemo:
    """Answers of one resolve pass, keyed by tuples; `depth` bounds nesting (a safety net only)."""

    def __init__(self, depth: int):
        self._depth = depth
        self._memo: dict[tuple, frozenset] = {}
        self._active: set[tuple] = set()
        self._tainted: set[tuple] = set()

    def get(self, key: tuple, compute: Callable[[], frozenset]) -> frozenset:
        """The memoized answer for key, computed once (empty inside a cycle)."""
        if key in self._memo:
            return self._memo[key]
        if key in self._active or len(self._active) > self._depth:
            self._tainted |= self._active
            return EMPTY
        self._active.add(key)
        try:
            value = compute()
        finally:
            self._active.discard(key)
        if key in self._tainted:
            self._tainted.discard(key)
        else:
            self._memo[key] = value
        return value
