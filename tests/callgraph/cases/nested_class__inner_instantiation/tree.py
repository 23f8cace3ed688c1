"""A nested class is reached as Outer.Inner, both from inside and outside the outer class."""


class Tree:
    class Node:
        def __init__(self, value):
            self.value = value
            self.children = []

        def add(self, child):
            self.children.append(child)
            return child

    def __init__(self, value):
        self.root = Tree.Node(value)

    def insert(self, value):
        return self.root.add(self.Node(value))


def build():
    t = Tree(1)
    t.insert(2)
    leaf = Tree.Node(3)
    return t.root.add(leaf)


if __name__ == "__main__":
    print(build().value)
