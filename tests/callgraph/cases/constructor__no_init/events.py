"""Classes without an __init__ in the workspace: the edge goes to the class itself."""


class ConfigError(Exception):
    """Raised for bad configuration (its __init__ comes from Exception, outside the workspace)."""


class Event:
    kind = "generic"

    def label(self):
        return f"event:{self.kind}"


def check(config):
    if "name" not in config:
        raise ConfigError("missing name")
    return Event().label()


if __name__ == "__main__":
    try:
        check({})
    except ConfigError as exc:
        print("error", exc)
    print(check({"name": "x"}))
