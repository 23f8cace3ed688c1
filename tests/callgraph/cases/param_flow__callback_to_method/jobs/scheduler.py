"""A scheduler that keeps callbacks and runs them later."""


class Scheduler:
    def __init__(self):
        self.pending = []

    def every(self, seconds, *, callback):
        self.pending.append((seconds, callback))
        return callback

    def run_once(self, callback):
        return callback()
