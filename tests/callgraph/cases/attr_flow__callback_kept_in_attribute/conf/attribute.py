"""An attribute keeping a converter callback in an attribute (a generic class, subscripted when built)."""
import typing as t

T = t.TypeVar("T")


class ConfigAttribute(t.Generic[T]):
    def __init__(self, name, get_converter=None):
        self.__name__ = name
        self.get_converter = get_converter

    def read(self, obj):
        rv = obj.config[self.__name__]
        if self.get_converter is not None:
            rv = self.get_converter(rv)
        return rv
