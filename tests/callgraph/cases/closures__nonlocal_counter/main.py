"""Run a small batch."""
from jobs.batch import run_batch

if __name__ == "__main__":
    print(run_batch(["a", "b"]))
