"""A base job whose run() calls a hook that only its subclasses set, in their __init__."""


class Job:
    def run(self, data):
        prepared = self.prepare(data)
        return self.on_done(prepared)

    def prepare(self, data):
        return list(data)
