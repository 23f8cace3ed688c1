"""A list of instances, or a slice of it, is not one of them: `tasks.sort()` is list.sort, not Task.sort."""


class Task:
    def __init__(self, name):
        self.name = name

    def sort(self):
        return sorted(self.name)

    def copy(self):
        return Task(self.name)

    def label(self):
        return self.name.title()


def plan(names):
    tasks = [Task(n) for n in names]
    tasks.sort(key=str)
    return [t.label() for t in tasks]


def pair(first, second):
    tasks = [Task(first), Task(second)]
    tasks.sort(key=str)
    rest = tasks[1:]
    rest.sort(key=str)
    return tasks[0:1].copy() + rest


if __name__ == "__main__":
    print(plan(["b", "a"]), len(pair("b", "a")))
