"""`Stack[Element]` in an annotation: `top` and `peek()` give an Element, not a Closer."""
from stack import Stack


class Element:
    def close(self) -> None:
        pass


class Closer:
    def close(self) -> None:
        pass


class Renderer:
    def __init__(self) -> None:
        self.stack: Stack[Element] = Stack()

    def end(self) -> None:
        self.stack.top.close()

    def peek_end(self, other: "Stack[Element]") -> None:
        other.peek().close()
