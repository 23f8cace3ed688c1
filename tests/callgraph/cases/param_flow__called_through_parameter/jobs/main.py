"""Functions and bound methods passed to parameters that are called with arguments."""
from jobs.runner import Scheduler, run_pipeline, run_step


def clean(payload):
    return payload.strip()


def finish():
    return "done"


def apply_then(then):
    return then()


def main():
    starter = apply_then
    run_pipeline(starter, finish)
    run_step(clean, " x ")
    s = Scheduler()
    s.dispatch(s.notify, finish)


if __name__ == "__main__":
    main()
