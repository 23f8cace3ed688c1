"""A @contextmanager generator: `with timed(...)` is an edge to timed itself."""
import time
from contextlib import contextmanager


def record(name, seconds):
    return f"{name}: {seconds:.3f}s"


@contextmanager
def timed(name, sink):
    start = time.perf_counter()
    try:
        yield
    finally:
        sink.append(record(name, time.perf_counter() - start))


def work(sink):
    with timed("work", sink):
        return sum(range(1000))


if __name__ == "__main__":
    log = []
    print(work(log), log)
