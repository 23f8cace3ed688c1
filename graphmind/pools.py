"""The write path's processes: worker pools (the parser's in index/, the resolver's in resolve/) whose
workers die with the process that made them, results taken from a bounded window of work (in order,
or as they finish when the consumer does not care),
and the cyclic garbage collector paused around work that allocates millions of objects it need not
look at (a full collection scans every tracked object, so its cost grows with what is alive)."""
from __future__ import annotations

import contextlib
import gc
import itertools
import os
import signal
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:                  # a query process imports this module, never a pool
    from concurrent.futures import Executor

OWNER_POLL_S = 0.2      # how often a worker checks that the process that made its pool lives


def process_alive(pid: int) -> bool:
    """Whether a process of that pid exists (one of another user counts as alive)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def watch_owner(owner: int, every: float = OWNER_POLL_S) -> None:
    """A worker's initializer: exit as soon as the process that made the pool is gone (killed with
    -9, say), instead of parsing on for minutes as an orphan. Polled from a daemon thread; the pid
    is the owner's, not the parent's, since forkserver workers are the fork server's children.
    Signals: SIGTERM kills a worker outright (a forked worker inherits the CLI's handler, which
    would unwind it with a traceback), Ctrl-C is left to the owner, which stops the pool."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)      # forked while started_safely held them

    def watch() -> None:
        parent = os.getppid()
        while True:
            time.sleep(every)
            if os.getppid() != parent or not process_alive(owner):
                os._exit(1)
    threading.Thread(target=watch, name="graphmind-owner-watch", daemon=True).start()


STOP_SIGNALS = {signal.SIGTERM, signal.SIGINT}


def started_safely(pool: Executor) -> Executor:
    """The pool with its workers and manager thread started while SIGTERM and Ctrl-C wait: a stop
    raised in the middle of that start left the pool unable to shut down (`cannot join thread before
    it is started`, a traceback, or a process hanging at exit). A signal that came meanwhile is
    delivered on return, where stopping the pool works."""
    if threading.current_thread() is not threading.main_thread():
        return pool
    old = signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)
    try:
        pool.submit(os.getpid)
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)
    return pool


def in_order(pool: Executor, fn: Callable, items: Iterable, ahead: int) -> Iterator:
    """fn(item) for every item, run by the pool, yielded in item order; at most `ahead` items are
    submitted beyond the one being waited for, so when the consumer (the writer) is slower than the
    workers, finished results wait in the workers' queue, not all at once in this process."""
    window: deque = deque()
    for item in items:
        window.append(pool.submit(fn, item))
        if len(window) >= ahead:
            yield window.popleft().result()
    while window:
        yield window.popleft().result()


def as_done(pool: Executor, fn: Callable, items: Iterable, ahead: int) -> Iterator:
    """fn(item) for every item, run by the pool, yielded as each finishes; at most `ahead` items are
    in flight, and a new one is submitted as each is taken, so one slow item never idles the other
    workers (in_order would wait for it with its window full) and memory stays bounded alike."""
    from concurrent.futures import FIRST_COMPLETED, wait
    it = iter(items)
    running = {pool.submit(fn, item) for item in itertools.islice(it, ahead)}
    while running:
        done, running = wait(running, return_when=FIRST_COMPLETED)
        for future in done:
            yield future.result()
            for item in itertools.islice(it, 1):
                running.add(pool.submit(fn, item))


class Stopped(Exception):
    """The owner of the work stopped (SIGTERM, Ctrl-C): what is in hand is dropped."""


class Allowance:
    """One file's share of work: CPU seconds (a process's own, so that a loaded machine does not cut
    a file short) and the owner's stop flag, looked at between the stages of its extraction and every
    few hundred rows inside them. `over()` raises Stopped once the owner stopped."""
    __slots__ = ("seconds", "deadline", "stopped")

    def __init__(self, seconds: float, stopped: Callable[[], bool] | None = None):
        self.seconds, self.stopped = seconds, stopped
        self.deadline = time.process_time() + seconds

    def over(self) -> bool:
        """Whether the file has used its time up (the rest of its work is skipped)."""
        if self.stopped is not None and self.stopped():
            raise Stopped()
        return time.process_time() > self.deadline

    def reason(self, what: str) -> str:
        return f"took over {self.seconds:g} s of CPU: {what} skipped"


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """Run the body with the cyclic collector off (reference counting still frees what it drops);
    it is switched back on after only if it was on before (a caller may have paused it already)."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()
