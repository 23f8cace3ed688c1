"""Unit helpers."""


def round_m(value):
    return round(value, 3)


def to_km(meters):
    return round_m(meters / 1000)
