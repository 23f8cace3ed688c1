"""A class attribute holding a class, constructed through self (overridable per instance)."""


class Result:
    def __init__(self, value):
        self.value = value

    def show(self):
        return self.value


class Runner:
    result_class = Result

    def run(self, v):
        res = self.result_class(v)
        return res.show()


print(Runner().run(1))
