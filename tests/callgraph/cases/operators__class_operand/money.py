"""An operator applied to a class, not an instance, runs its metaclass's dunder (`type.__eq__`),
not the class's own `__eq__`, which is for its instances."""


class Money:
    def __init__(self, cents):
        self.cents = cents

    def __eq__(self, other):
        return isinstance(other, Money) and other.cents == self.cents

    def __hash__(self):
        return self.cents


def same_kind(kind: type[Money]):
    return kind == Money


def same_price(price: Money):
    return price == Money(5)


def is_money_class(kind):
    registry = {"money": Money}
    cls = registry["money"]
    return cls == kind


if __name__ == "__main__":
    print(same_kind(Money), same_price(Money(5)), is_money_class(int))
