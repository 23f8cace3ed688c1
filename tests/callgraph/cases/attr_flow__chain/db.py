"""Attribute chains: self.db.conn.execute() through two attributes set in constructors."""


class Connection:
    def execute(self, sql):
        return f"ran {sql}"


class Database:
    def __init__(self):
        self.conn = Connection()

    def close(self):
        return "closed"


class Migrator:
    def __init__(self):
        self.db = Database()

    def migrate(self, steps):
        results = [self.db.conn.execute(s) for s in steps]
        self.db.close()
        return results


if __name__ == "__main__":
    print(Migrator().migrate(["create table t"]))
