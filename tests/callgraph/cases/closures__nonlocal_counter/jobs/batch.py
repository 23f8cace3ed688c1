"""A closure that updates the enclosing function's state with nonlocal."""
import logging

log = logging.getLogger(__name__)


def report(done, item):
    log.info("%d: %s", done, item)


def run_batch(items):
    done = 0

    def step(item):
        nonlocal done
        done += 1
        report(done, item)

    for item in items:
        step(item)
    return done
