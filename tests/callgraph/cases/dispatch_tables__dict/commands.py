"""A dict of functions indexed by a runtime key: any value may be called."""


def cmd_start(args):
    return f"start {args}"


def cmd_stop(args):
    return f"stop {args}"


def cmd_help(args):
    return "usage: start|stop"


def unused(args):
    return None


COMMANDS = {
    "start": cmd_start,
    "stop": cmd_stop,
    "help": cmd_help,
}


def dispatch(name, args):
    if name not in COMMANDS:
        name = "help"
    return COMMANDS[name](args)


if __name__ == "__main__":
    print(dispatch("start", "x"), dispatch("bogus", ""))
