"""self.attr bound to a new instance in __init__, then used in other methods."""
from .repo import OrderRepo


class OrderService:
    def __init__(self):
        self.repo = OrderRepo()

    def place(self, item):
        return self.repo.add({"item": item})

    def history(self):
        return self.repo.all()
