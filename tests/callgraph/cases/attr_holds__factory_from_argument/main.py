"""`self.factory = cls` with the class passed by the caller, then constructed through self."""


class Result:
    def __init__(self, value):
        self.value = value


class Pool:
    def __init__(self, cls):
        self.factory = cls

    def make(self, v):
        return self.factory(v)


class Holder:
    result_class = Result

    def __init__(self, result_class=None):
        if result_class is not None:
            self.result_class = result_class

    def wrap(self, v):
        return self.result_class(v)


Pool(Result).make(1)
Holder().wrap(2)
