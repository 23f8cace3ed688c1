"""A loop unpacking pairs from an annotated list of tuples."""
from typing import List, Tuple


class Blueprint:
    def register(self, options):
        return options


class Registry:
    def __init__(self):
        self._blueprints: List[Tuple[Blueprint, dict]] = []

    def add(self, bp: Blueprint):
        self._blueprints.append((bp, {}))

    def register_all(self):
        for blueprint, options in self._blueprints:
            blueprint.register(options)


r = Registry()
r.add(Blueprint())
r.register_all()
