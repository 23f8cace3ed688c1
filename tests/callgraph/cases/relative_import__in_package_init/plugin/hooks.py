"""Hook installation."""
INSTALLED = []


def install(config):
    if config.get("enabled"):
        INSTALLED.append(config["name"])
    return INSTALLED
