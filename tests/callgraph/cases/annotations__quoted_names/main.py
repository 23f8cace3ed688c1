"""Quoted (forward-reference) names in annotations, alone and inside Optional/Union/List."""
from typing import List, Optional, Union


class Node:
    def visit(self):
        return self

    def children(self) -> "List[Node]":
        return []


def walk(n: "Node"):
    return n.visit()


def maybe(n: Optional["Node"]):
    return n.visit() if n else None


def mixed(v: Union[str, "Node"]):
    if isinstance(v, str):
        return v
    return v.visit()


def first(n: Node):
    for c in n.children():
        c.visit()


walk(Node())
maybe(None)
mixed("x")
first(Node())
