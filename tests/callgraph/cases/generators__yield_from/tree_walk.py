"""yield from delegates to another generator: an edge to it."""


def children(node):
    return node.get("kids", [])


def walk(node, depth=0):
    yield depth, node["name"]
    for child in children(node):
        yield from walk(child, depth + 1)


def leaves(node):
    yield from (name for _, name in walk(node))


if __name__ == "__main__":
    tree = {"name": "root", "kids": [{"name": "a"}, {"name": "b", "kids": [{"name": "c"}]}]}
    print(list(walk(tree)), list(leaves(tree)))
