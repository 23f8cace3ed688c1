"""Entry point."""
from app import registry


def show(keys):
    return [registry.get(k) for k in keys]


print(show(["color", "shape"]))
