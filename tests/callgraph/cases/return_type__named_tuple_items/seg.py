"""A NamedTuple's items unpacked in a loop and from a call: each is its field's declared type."""
from typing import Iterable, List, NamedTuple, Optional


class Style:
    def render(self, text: str) -> str:
        return text


class Control:
    def render(self, text: str) -> str:
        return ""


class Segment(NamedTuple):
    text: str
    style: Optional[Style] = None
    control: Optional[List[Control]] = None


def first() -> Segment:
    return Segment("a", Style())


def render(buffer: Iterable[Segment]) -> str:
    out = []
    for text, style, control in buffer:
        if style:
            out.append(style.render(text))
    text, style, _ = first()
    style.render(text)
    first()[1].render("x")
    return "".join(out)
