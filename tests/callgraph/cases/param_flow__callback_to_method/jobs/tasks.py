"""Tasks handed to the scheduler by keyword and by position."""
from .scheduler import Scheduler


def cleanup():
    return "cleaned"


def report():
    return "reported"


def main():
    sched = Scheduler()
    sched.every(60, callback=cleanup)
    return sched.run_once(report)


if __name__ == "__main__":
    print(main())
