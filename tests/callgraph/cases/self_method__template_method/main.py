"""Run the base task and both subclasses."""
from pipeline.base import Task
from pipeline.tasks import Strip, Upper


def main():
    return [t.run(" hi ") for t in (Task(), Upper(), Strip())]


print(main())
