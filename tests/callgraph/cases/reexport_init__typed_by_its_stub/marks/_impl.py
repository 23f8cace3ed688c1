def frozen(maybe_cls=None):
    def wrap(cls):
        cls.__frozen__ = True
        return cls

    return wrap if maybe_cls is None else wrap(maybe_cls)
