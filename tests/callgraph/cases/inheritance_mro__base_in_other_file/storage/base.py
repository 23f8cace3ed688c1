"""Base repository."""


class Repository:
    def __init__(self):
        self.rows = {}

    def save(self, key, row):
        self.rows[key] = row
        return key

    def find(self, key):
        return self.rows.get(key)
