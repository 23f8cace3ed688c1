"""Memoized evaluation of mutually recursive questions, each cycle solved once as a fixpoint.

A question (a key) is answered by a function that asks other questions. Asked on demand, the keys
form a dependency graph; its strongly connected components are found as they close (Tarjan's
algorithm, with the evaluation stack as the DFS stack). A key outside any cycle is memoized when its
function returns. The keys of a cycle are evaluated again, each against the others' provisional
values, until none changes, and only then memoized: every key is solved once per pass, so the cost
grows with the program and not with the number of paths through it. Values only grow (each round's
answer is joined with the last), so the iteration ends; for functions that are monotone in what they
ask, it reaches the least fixpoint, whatever key was asked first (answers do not depend on the order
call sites are resolved in).
"""
from __future__ import annotations

from collections.abc import Callable, Hashable
from heapq import heappop, heappush
from itertools import count

EMPTY: frozenset = frozenset()
MAX_OPEN = 100      # keys asked inside each other at most; deeper, the question waits for the solve


class Solver:
    """The memo, the stack of open keys and the provisional values of one evaluation pass.

    An open key has one frame: [its place on the stack, the lowest place it reached, its function, the
    function's arguments, its provisional value, the key] (one record, not five dictionaries: most keys
    close as soon as they are asked, and this bookkeeping is paid by every question of a pass)."""

    def __init__(self, join: Callable[[frozenset, frozenset], frozenset]):
        self.join = join
        self.memo: dict[Hashable, frozenset] = {}
        self._open: dict[Hashable, list] = {}        # open key -> its frame
        self._stack: list[Hashable] = []             # open keys, in the order they were asked
        self._asking: list[list] = []                # the frames whose function is running, innermost last
        self._hits: list[bool] = []                  # per stack place: read while open (a cycle closes there)
        self._readers: dict[Hashable, set] = {}      # open key -> the keys that read its provisional value
        self._order = count()                        # ties in the work list, broken by the order queued
        self.evaluations = 0

    def ask(self, key: Hashable, compute: Callable[[], frozenset]) -> frozenset:
        """The value of a key: memoized, provisional (inside a cycle being solved), or computed now."""
        hit = self.memo.get(key)
        return hit if hit is not None else self._ask(key, compute, ())

    def ask_call(self, key: Hashable, fn: Callable[..., frozenset], *args) -> frozenset:
        """`ask(key, lambda: fn(*args))`, with no closure made."""
        hit = self.memo.get(key)
        return hit if hit is not None else self._ask(key, fn, args)

    def _ask(self, key: Hashable, fn: Callable[..., frozenset], args: tuple) -> frozenset:
        frame = self._open.get(key)
        if frame is not None:                        # open: the asker is in a cycle with it
            self._hits[frame[0]] = True
            self._lower(frame[0])
            self._read(key)
            return frame[4]
        asking = self._asking
        if len(asking) > MAX_OPEN:               # too deep: ask again when the whole stack is solved
            self._hits[0] = True
            self._lower(0)
            return EMPTY
        stack, hits = self._stack, self._hits
        pos = len(stack)
        frame = self._open[key] = [pos, pos, fn, args, EMPTY, key]
        stack.append(key)
        hits.append(False)
        asking.append(frame)                     # the first evaluation (as _run, inlined: most keys
        self.evaluations += 1                    # are asked once and close at once)
        try:
            value = fn(*args)
        finally:
            asking.pop()
        if value:
            old = frame[4]
            frame[4] = self.join(old, value) if old else value
        if frame[1] < pos:                           # part of a cycle closing further down
            self._lower(frame[1])
            self._read(key)
            return frame[4]
        if len(stack) == pos + 1 and not hits[pos]:  # no cycle through it: memoized alone
            stack.pop()
            hits.pop()
            del self._open[key]
            if self._readers:
                self._readers.pop(key, None)
            value = self.memo[key] = frame[4]
            return value
        if any(hits[pos:]):
            self._solve(pos)
            if frame[1] < pos:                       # solving it reached further down
                self._lower(frame[1])
                self._read(key)
                return frame[4]
        return self._close(pos, key)

    def _run(self, frame: list) -> bool:
        """Evaluate one open key against the current provisional values; whether its value grew."""
        self._asking.append(frame)
        self.evaluations += 1
        try:
            value = frame[2](*frame[3])
        finally:
            self._asking.pop()
        old = frame[4]
        new = self.join(old, value) if old else value
        if new == old:
            return False
        frame[4] = new
        return True

    def _lower(self, pos: int) -> None:
        if self._asking:
            asker = self._asking[-1]
            if pos < asker[1]:
                asker[1] = pos

    def _read(self, key: Hashable) -> None:
        """The asking key read the provisional value of `key`: evaluate it again when that grows."""
        if self._asking:
            readers = self._readers.get(key)
            if readers is None:
                readers = self._readers[key] = set()
            readers.add(self._asking[-1][5])

    def _solve(self, pos: int) -> None:
        """Evaluate the open keys from `pos` up again until no value changes: each once, in stack
        order, then only those that read a provisional value that grew since (a work list), so a long
        cycle costs its changes, not its length times the rounds its values take to settle."""
        root = self._open[self._stack[pos]]
        queued: set[Hashable] = set()
        waiting: list[tuple[int, int, Hashable]] = []          # (stack place, order queued, key)
        i = pos
        while i < len(self._stack) or waiting:
            if i < len(self._stack):             # keys may join the cycle while it is solved
                key, i = self._stack[i], i + 1
            else:
                place, _, key = heappop(waiting)
                queued.discard(key)
                frame = self._open.get(key)
                if frame is None or frame[0] != place:
                    continue
            frame = self._open[key]
            grew = self._run(frame)
            if frame[1] < root[1]:
                root[1] = frame[1]
            for reader in self._readers.get(key, ()) if grew else ():
                found = self._open.get(reader)
                place = found[0] if found is not None else None
                if place is not None and pos <= place < i and reader not in queued:
                    queued.add(reader)
                    heappush(waiting, (place, next(self._order), reader))

    def _close(self, pos: int, root: Hashable) -> frozenset:
        """Memoize the keys of a solved component (the stack from `pos` up)."""
        opened, memo, readers = self._open, self.memo, self._readers
        for key in self._stack[pos:]:
            memo[key] = opened.pop(key)[4]
            if readers:
                readers.pop(key, None)
        del self._stack[pos:], self._hits[pos:]
        return memo[root]
