"""Pure-Python fallback."""
import json


def dumps(obj):
    return json.dumps(obj, sort_keys=True)


def loads(text):
    return json.loads(text)
