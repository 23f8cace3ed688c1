"""Three levels of nesting; the innermost function calls names from every level."""


def is_present(node):
    return node is not None


def walk(tree):
    seen = []

    def visit(node):
        seen.append(node)

    def descend(nodes):
        def each():
            for node in nodes:
                if is_present(node):
                    visit(node)
        each()

    descend(tree)
    return seen


if __name__ == "__main__":
    print(walk([1, None, 2]))
