"""Callbacks passed by keyword and called inside the workspace function."""
import time


def retry(op, *, attempts=3, on_error=None, delay=0.0):
    for i in range(attempts):
        try:
            return op()
        except ConnectionError as exc:
            if on_error is not None:
                on_error(i, exc)
            time.sleep(delay)
    return None
