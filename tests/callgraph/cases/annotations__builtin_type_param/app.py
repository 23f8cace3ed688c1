"""A parameter annotated with a built-in type holds no workspace object, whatever its callers pass."""
import typing as t


class Scaffold:
    def get(self, rule: str, **options: t.Any) -> str:
        return rule


class App(Scaffold):
    def register_blueprint(self, blueprint: "Blueprint", **options: t.Any) -> None:
        blueprint.register(self, options)


class Blueprint(Scaffold):
    def __init__(self) -> None:
        self._blueprints: list[tuple["Blueprint", dict[str, t.Any]]] = []

    def register(self, app: App, options: dict[str, t.Any]) -> None:
        name = options.get("name", "")
        for blueprint, bp_options in self._blueprints:
            bp_options = bp_options.copy()
            blueprint.register(app, bp_options)
