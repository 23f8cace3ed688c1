"""Items of a `tuple[A, B]` keep their positions: in a loop, unpacked from a call, indexed."""
import typing as t


class Scaffold:
    def get(self, rule: str) -> str:
        return rule


class Options:
    def get(self, key: str) -> str:
        return key


class Blueprint(Scaffold):
    def __init__(self) -> None:
        self._blueprints: list[tuple["Blueprint", Options]] = []

    def pair(self) -> tuple["Blueprint", Options]:
        return self._blueprints[0]

    def register(self) -> None:
        for blueprint, options in self._blueprints:
            options.get("url_prefix")
            blueprint.register()
        bp, opts = self.pair()
        opts.get("subdomain")
        self.pair()[0].register()
