"""The local _strip survives the star import."""


def _strip(s):
    return s.strip()


from text import *  # noqa: E402,F403


def run(s):
    return strip_all(wrap(_strip(s), 4))


print(run("  --abcdefgh--  "))
