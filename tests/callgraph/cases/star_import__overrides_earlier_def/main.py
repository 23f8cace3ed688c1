"""A star import rebinds a name defined before it; later code sees the imported one."""


def render(name):
    return name


EARLY = render("early")

from views import *  # noqa: E402,F403


def page(name):
    return layout(render(name))


print(EARLY, page("home"))
