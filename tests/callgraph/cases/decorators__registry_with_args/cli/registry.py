"""A decorator factory that registers functions and returns them unchanged."""
COMMANDS = {}


def command(name):
    def register(fn):
        COMMANDS[name] = fn
        return fn
    return register
