"""Functions handed to map, filter and sorted are called on the caller's behalf."""


def parse(line):
    name, score = line.split(":")
    return name, int(score)


def is_valid(record):
    return record[1] >= 0


def by_score(record):
    return -record[1]


def ranking(lines):
    records = list(map(parse, lines))
    valid = filter(is_valid, records)
    return sorted(valid, key=by_score)


if __name__ == "__main__":
    print(ranking(["a:3", "b:-1", "c:5"]))
