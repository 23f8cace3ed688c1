"""Assigning to a property runs its setter; the getter and setter share one qualified name."""


def to_kelvin(c):
    return c + 273.15


class Thermometer:
    def __init__(self):
        self._c = 0.0

    @property
    def celsius(self):
        return self._c

    @celsius.setter
    def celsius(self, value):
        if value < -273.15:
            raise ValueError(value)
        self._c = value

    @property
    def kelvin(self):
        return to_kelvin(self.celsius)


if __name__ == "__main__":
    t = Thermometer()
    t.celsius = 21.5
    print(t.kelvin)
