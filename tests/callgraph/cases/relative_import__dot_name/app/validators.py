"""Validators."""
import re


def is_email(value):
    return re.fullmatch(r"[^@]+@[^@]+", value) is not None


def is_nonempty(value):
    return bool(value.strip())
