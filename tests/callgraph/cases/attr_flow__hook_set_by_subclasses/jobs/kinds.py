from jobs.base import Job


def notify(result):
    return f"sent {result}"


class ExportJob(Job):
    def __init__(self, target):
        self.target = target
        self.on_done = self.write

    def write(self, rows):
        return f"{self.target}: {len(rows)} rows"


class MailJob(Job):
    def __init__(self):
        self.on_done = notify
