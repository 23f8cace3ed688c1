"""Persistence."""


class OrderRepo:
    def __init__(self):
        self.rows = []

    def add(self, order):
        self.rows.append(order)
        return len(self.rows)

    def all(self):
        return list(self.rows)
