"""An annotated parameter types method calls on it."""
from .models import Parcel


def price(parcel: Parcel, per_kg: float = 2.0) -> float:
    return round(parcel.volume_weight() * per_kg, 2)


def describe(parcel: Parcel):
    return parcel.label() + f" costs {price(parcel)}"


if __name__ == "__main__":
    print(describe(Parcel(3)))
