"""Element types from list[...] / dict[...] annotations type loop variables and lookups."""


class Job:
    def __init__(self, name):
        self.name = name

    def run(self):
        return f"ran {self.name}"


class Worker:
    def take(self, job: Job):
        return job.run()


def run_all(jobs: list[Job]) -> list[str]:
    return [job.run() for job in jobs]


def assign(workers: dict[str, Worker], job: Job):
    return workers["default"].take(job)


if __name__ == "__main__":
    print(run_all([Job("a")]), assign({"default": Worker()}, Job("b")))
