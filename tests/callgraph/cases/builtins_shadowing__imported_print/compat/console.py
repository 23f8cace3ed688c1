"""Replacements for builtins, imported explicitly where wanted."""
import sys


def print(*args):
    sys.stdout.write(" ".join(map(str, args)) + "\n")


def input(prompt=""):
    return "anonymous"
