"""Mutually recursive methods of a visitor, and a recursive method."""


class Node:
    def __init__(self, kind, children=()):
        self.kind = kind
        self.children = list(children)


class Printer:
    def __init__(self):
        self.lines = []

    def visit(self, node: Node, depth=0):
        self.lines.append("  " * depth + node.kind)
        self.visit_children(node, depth + 1)

    def visit_children(self, node: Node, depth):
        for child in node.children:
            self.visit(child, depth)

    def count(self, node: Node):
        return 1 + sum(self.count(c) for c in node.children)


if __name__ == "__main__":
    tree = Node("root", [Node("a"), Node("b", [Node("c")])])
    printer = Printer()
    printer.visit(tree)
    print("\n".join(printer.lines), printer.count(tree))
