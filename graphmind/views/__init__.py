"""Pictures of answers: a walk or a change impact as DOT, Mermaid or one self-contained HTML page.

Reads query/ results (graph.Walk, impact.Impact) and writes text; nothing here opens the index.
May import: shared and query. cli and agent import it."""
from __future__ import annotations

from graphmind.views.diagram import to_dot, to_mermaid
from graphmind.views.page import to_html
from graphmind.views.picture import Picture, from_impact, from_walk

__all__ = ["Picture", "from_impact", "from_walk", "picture_of", "to_dot", "to_html", "to_mermaid"]


def picture_of(answer) -> Picture:
    """The picture of a walk (graph.Walk) or of a change impact (impact.Impact)."""
    return from_walk(answer) if hasattr(answer, "hits") else from_impact(answer)
