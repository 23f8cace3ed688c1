"""Template method: the base's run() calls hooks that subclasses may override."""


class Task:
    def run(self, data):
        data = self.prepare(data)
        return self.execute(data)

    def prepare(self, data):
        return data

    def execute(self, data):
        return data
