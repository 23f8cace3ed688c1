"""Optional[...] and `X | None` annotations still name the class."""
from __future__ import annotations

from typing import Optional


class Profile:
    def __init__(self, name):
        self.name = name

    def display(self):
        return self.name.title()


class Avatar:
    def url(self):
        return "/img/default.png"


def header(profile: Optional[Profile]) -> str:
    if profile is None:
        return "anonymous"
    return profile.display()


def image(avatar: Avatar | None = None) -> str:
    return avatar.url() if avatar else ""


if __name__ == "__main__":
    print(header(Profile("ann")), header(None), image(Avatar()))
