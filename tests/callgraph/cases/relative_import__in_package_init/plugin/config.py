"""Configuration."""


def defaults():
    return {"enabled": True}


def load():
    cfg = defaults()
    cfg["name"] = "plugin"
    return cfg
