"""Method calls on an unannotated parameter: the receiver's type is unknown, so no edge."""


class Job:
    def run(self):
        return "job ran"

    def cancel(self):
        return "job cancelled"


class Report:
    def run(self):
        return "report ran"


def execute(task):
    result = task.run()
    if not result:
        task.cancel()
    return result


def log_result(text):
    return f"[log] {text}"


def execute_and_log(task):
    return log_result(execute(task))
