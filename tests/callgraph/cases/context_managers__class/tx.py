"""`with Cls(...) as x`: __init__, __enter__ and __exit__ all run; x is what __enter__ returns."""


class Database:
    def __init__(self):
        self.rows = []


class Transaction:
    def __init__(self, db: Database):
        self.db = db
        self.pending = []

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, tb):
        if exc_type is None:
            self.commit()
        return False

    def insert(self, row):
        self.pending.append(row)

    def commit(self):
        self.db.rows.extend(self.pending)


def save(rows):
    db = Database()
    with Transaction(db) as tx:
        for row in rows:
            tx.insert(row)
    return db.rows


if __name__ == "__main__":
    print(save([1, 2]))
