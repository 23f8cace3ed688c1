"""Shared helpers at the package top."""


def slug(text):
    return text.lower().replace(" ", "-")


def quote(text):
    return f'"{text}"'
