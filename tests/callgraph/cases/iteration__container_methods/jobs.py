"""Elements taken out of containers by their own methods: `pop()`, `popleft()`, `get()`, `values()`,
and a `copy()` that still holds them."""
from collections import deque


class Job:
    def __init__(self, name):
        self.name = name

    def run(self):
        return self.name


class Cleanup:
    def run(self):
        return "cleanup"


def drain(names):
    stack = [Job(n) for n in names]
    done = []
    while stack:
        done.append(stack.pop().run())
    return done


def in_order(names):
    queue = deque()
    queue.append(Job(names[0]))
    return queue.popleft().run()


def by_name(key):
    table = {"cleanup": Cleanup()}
    return table.get(key, Cleanup()).run()


def every():
    table = {"cleanup": Cleanup()}
    return [job.run() for job in table.values()]


def from_copy(names):
    jobs = [Job(n) for n in names]
    spare = jobs.copy()
    return spare[0].run()


if __name__ == "__main__":
    print(drain(["a", "b"]), in_order(["c"]), by_name("cleanup"), every(), from_copy(["d"]))
