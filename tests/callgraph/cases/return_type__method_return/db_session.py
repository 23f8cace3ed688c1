"""A method annotated with a string forward reference; calls chain on the returned object."""


class Session:
    def __init__(self, url):
        self.url = url

    def query(self, sql):
        return [sql]

    def close(self):
        return None


class Database:
    def __init__(self, url):
        self.url = url

    def connect(self) -> "Session":
        return Session(self.url)


def fetch_all(url):
    db = Database(url)
    rows = db.connect().query("select 1")
    session = db.connect()
    session.close()
    return rows


if __name__ == "__main__":
    print(fetch_all("sqlite://"))
