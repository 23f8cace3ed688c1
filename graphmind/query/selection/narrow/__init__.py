"""Cuts of links that hold for the code but not for the tests that run it (query/selection/testreach.py)."""
