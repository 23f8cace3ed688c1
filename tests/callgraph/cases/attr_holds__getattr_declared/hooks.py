"""A class whose attributes are made at run time declares what they hold with an annotated
`__getattr__` (pluggy's HookRelay under `if TYPE_CHECKING:`): `relay.anything` is a HookCaller."""
from __future__ import annotations

from typing import TYPE_CHECKING


class HookCaller:
    def __init__(self, name: str) -> None:
        self.name = name

    def call_historic(self) -> None:
        pass

    def get_hookimpls(self) -> list:
        return []


class HookRelay:
    def __init__(self) -> None:
        pass

    if TYPE_CHECKING:

        def __getattr__(self, name: str) -> HookCaller: ...


class PluginManager:
    def __init__(self) -> None:
        self.hook = HookRelay()

    def add_hookspecs(self, name: str) -> None:
        setattr(self.hook, name, HookCaller(name))


def configure(pm: PluginManager) -> list:
    pm.hook.configure.call_historic()
    return pm.hook.configure.get_hookimpls()
