"""A function annotated `-> Engine` types the value it returns."""
import os


class Engine:
    def __init__(self, fuel):
        self.fuel = fuel

    def start(self):
        return f"vroom on {self.fuel}"


_ENGINES = {}


def get_engine() -> Engine:
    fuel = os.environ.get("FUEL", "petrol")
    if fuel not in _ENGINES:
        _ENGINES[fuel] = Engine(fuel)
    return _ENGINES[fuel]


def drive():
    return get_engine().start()


if __name__ == "__main__":
    print(drive())
