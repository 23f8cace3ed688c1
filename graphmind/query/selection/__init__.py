"""Test selection: the tests a change reaches (static paths, test-runner semantics, recorded coverage)."""
