"""Constant keys into literal tables reach only that element."""


def home():
    return "home"


def about():
    return "about"


def fallback():
    return "404"


ROUTES = {"home": home, "about": about}
PIPELINE = [home, about, fallback]


def landing():
    return ROUTES["home"]()


def last_step():
    return PIPELINE[-1]()


def any_route(path):
    return ROUTES[path]()


if __name__ == "__main__":
    print(landing(), last_step(), any_route("about"))
