"""A receiver that is a @property: its return annotation types it."""


class Engine:
    def start(self):
        return True


class Car:
    def __init__(self, parts):
        self._parts = parts

    @property
    def engine(self) -> Engine:
        return self._parts["engine"]

    def go(self):
        return self.engine.start()


print(Car({"engine": Engine()}).go())
