"""self used inside a nested function still refers to the instance."""


class Scheduler:
    def __init__(self):
        self.jobs = []

    def add(self, job):
        self.jobs.append(job)

    def add_many(self, jobs):
        def add_all():
            for job in jobs:
                self.add(job)
        add_all()
        return len(self.jobs)


if __name__ == "__main__":
    print(Scheduler().add_many(["a", "b"]))
