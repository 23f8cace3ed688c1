"""Both import styles reach the defining module's functions."""
import engine
from engine import run


def cycle():
    run()
    return engine.stop()


print(cycle())
