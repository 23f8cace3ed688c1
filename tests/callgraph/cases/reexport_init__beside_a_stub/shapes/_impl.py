def attrib(default=None, validator=None):
    return _counting(default)


def fields(cls):
    return getattr(cls, "__fields__", ())


def make(name, *fields):
    return type(name, (), {"__fields__": fields})


def _counting(value):
    return value
