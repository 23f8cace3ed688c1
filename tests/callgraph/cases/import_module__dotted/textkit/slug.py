"""Slug helpers."""
import re


def _clean(text):
    return re.sub(r"[^a-z0-9 ]", "", text.lower())


def slugify(text):
    return "-".join(_clean(text).split())
