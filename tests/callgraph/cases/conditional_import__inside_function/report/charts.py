"""Expensive plotting helpers, imported lazily."""


def histogram(values):
    buckets = {}
    for v in values:
        buckets[v // 10] = buckets.get(v // 10, 0) + 1
    return render(buckets)


def render(buckets):
    return " ".join(f"{k}:{'#' * n}" for k, n in sorted(buckets.items()))
