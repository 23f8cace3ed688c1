"""Implementation."""
_STATE = {"running": False}


def _set(flag):
    _STATE["running"] = flag
    return flag


def run():
    return _set(True)


def stop():
    return _set(False)
