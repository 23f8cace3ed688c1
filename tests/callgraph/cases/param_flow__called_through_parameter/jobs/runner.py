"""Calls through parameters: what a callback parameter is handed on to is known only once the
parameter's value is."""


def run_step(step, payload):
    return step(payload)


def run_pipeline(first, then):
    return first(then)


class Scheduler:
    def notify(self, listener):
        listener()

    def dispatch(self, handler, listener):
        handler(listener)
