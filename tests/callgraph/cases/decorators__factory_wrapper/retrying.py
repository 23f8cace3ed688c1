"""A decorator factory `@retry(times=3)`: retry returns deco, and deco returns the wrapper that
calls the decorated function, so a call of the decorated function runs that wrapper."""
import functools


def retry(times):
    def deco(fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            last = None
            for _ in range(times):
                last = fn(*args, **kwargs)
                if last is not None:
                    return last
            return last
        return wrapper
    return deco


def fetch_remote(key):
    return f"value of {key}"


@retry(times=3)
def load(key):
    return fetch_remote(key)


def main():
    return load("a")


if __name__ == "__main__":
    print(main())
