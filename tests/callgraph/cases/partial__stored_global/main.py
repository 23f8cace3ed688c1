"""Entry point."""
from alerts.shortcuts import page, warn


def check(load):
    if load > 0.9:
        return page(f"load {load}")
    return warn(f"load {load}")


print(check(0.95), check(0.5))
