from typing import TypeVar

_C = TypeVar("_C", bound=type)

def frozen(maybe_cls: _C) -> _C: ...
