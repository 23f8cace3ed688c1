"""Parcel model."""


class Parcel:
    def __init__(self, weight):
        self.weight = weight

    def volume_weight(self):
        return self.weight * 1.2

    def label(self):
        return f"{self.weight}kg"
