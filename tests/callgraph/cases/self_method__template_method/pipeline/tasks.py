"""Subclasses override some hooks; Task.run can reach each override through self."""
from .base import Task


class Upper(Task):
    def execute(self, data):
        return data.upper()


class Strip(Task):
    def prepare(self, data):
        return data.strip()
