"""Base-class expressions and class decorators are evaluated in the enclosing scope."""

REGISTRY = []


def plugin_base(kind):
    class Base:
        category = kind
    return Base


def register(cls):
    REGISTRY.append(cls)
    return cls


@register
class Exporter(plugin_base("export")):
    suffix = ".out"


def setup():
    @register
    class Importer(plugin_base("import")):
        suffix = ".in"
    return Importer


if __name__ == "__main__":
    print(setup(), REGISTRY)
