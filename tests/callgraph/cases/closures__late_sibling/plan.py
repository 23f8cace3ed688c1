"""A nested function calls a sibling that is defined after it (resolved at call time)."""


def schedule(tasks):
    def run_all():
        return [run_one(t) for t in tasks]

    def run_one(task):
        return execute(task)

    return run_all()


def execute(task):
    return f"done {task}"


if __name__ == "__main__":
    print(schedule(["a", "b"]))
