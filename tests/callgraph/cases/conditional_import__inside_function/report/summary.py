"""An import inside a function binds a local name for that function only."""


def describe(values, plot=False):
    text = f"n={len(values)}"
    if plot:
        from .charts import histogram
        text += " " + histogram(values)
    return text


if __name__ == "__main__":
    print(describe([1, 15, 17], plot=True))
