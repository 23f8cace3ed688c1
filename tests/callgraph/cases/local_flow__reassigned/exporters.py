"""A variable rebound to another class's instance: each call uses the binding that reaches it."""


class CsvWriter:
    def write(self, rows):
        return "\n".join(",".join(map(str, r)) for r in rows)

    def close(self):
        return "csv closed"


class JsonWriter:
    def write(self, rows):
        return str([list(r) for r in rows])

    def close(self):
        return "json closed"


def export(rows):
    writer = CsvWriter()
    csv_text = writer.write(rows)
    writer = JsonWriter()
    json_text = writer.write(rows)
    return csv_text, json_text, writer.close()


if __name__ == "__main__":
    print(export([(1, 2)]))
