"""Module-level code calls functions; functions read module globals."""


def load_defaults():
    return {"color": "blue", "size": 3}


DEFAULTS = load_defaults()


def fallback(key):
    return f"<{key}>"


def get(key):
    return DEFAULTS.get(key) or fallback(key)
