"""Helpers."""
import datetime


def now_iso():
    return datetime.datetime(2024, 1, 1).isoformat()


def stamp(msg):
    return f"[{now_iso()}] {msg}"
