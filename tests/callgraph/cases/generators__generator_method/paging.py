"""Generator methods: iterating self._pages() from another generator method."""


class Api:
    def fetch(self, page):
        return [page * 10 + i for i in range(2)] if page < 2 else []


class Pager:
    def __init__(self):
        self.api = Api()

    def _pages(self):
        page = 0
        while True:
            rows = self.api.fetch(page)
            if not rows:
                return
            yield rows
            page += 1

    def items(self):
        for rows in self._pages():
            yield from rows


def collect():
    return list(Pager().items())


if __name__ == "__main__":
    print(collect())
