"""Commands registered by a decorator into a module-level dict, dispatched by name."""
COMMANDS = {}


def command(fn):
    COMMANDS[fn.__name__] = fn
    return fn


@command
def init(args):
    return "init " + " ".join(args)


@command
def status(args):
    return "status"


def dispatch(name, args):
    return COMMANDS[name](args)


if __name__ == "__main__":
    print(dispatch("init", ["x"]), dispatch("status", []))
