"""Config attributes built in a class body, one with a converter function."""
from datetime import timedelta

from .attribute import ConfigAttribute


def _make_timedelta(value):
    return value if isinstance(value, timedelta) else timedelta(seconds=value)


class App:
    testing = ConfigAttribute[bool]("TESTING")
    lifetime = ConfigAttribute[timedelta]("LIFETIME", get_converter=_make_timedelta)

    def __init__(self):
        self.config = {"TESTING": False, "LIFETIME": 30}


if __name__ == "__main__":
    print(App.lifetime.read(App()))
