"""Reads properties and a plain attribute."""
from geometry.rect import Rect


def report(w, h):
    r = Rect(w, h)
    return f"area={r.area} square={r.is_square} width={r.w}"


print(report(2, 3))
