"""A bound method stored in a variable, then aliased again, then called."""


class Queue:
    def __init__(self):
        self.items = []

    def push(self, item):
        self.items.append(item)

    def drain(self):
        out, self.items = self.items, []
        return out


def fill(n):
    q = Queue()
    add = q.push
    put = add
    for i in range(n):
        put(i)
    take = q.drain
    return take()


if __name__ == "__main__":
    print(fill(3))
