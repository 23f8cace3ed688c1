"""A function defined in both branches of an optional import (natsort's `try: import icu / except ImportError:
def os_sort_keygen(...) / else: def os_sort_keygen(...)`) has one name and two bodies; the index resolves each
call to the last definition, so the other (the one that runs where the optional package is missing) had no
caller and its tests came only from the import fallback. Either definition may be the one running: the callers
of one are callers of the other."""
from __future__ import annotations

from pathlib import Path

import pytest
from test_tests_reached import how, impact, indexed

FILES = {
    "natlib/__init__.py": "from natlib.natsort import os_sorted, natsorted\n",
    "natlib/natsort.py": '''
        def natsort_keygen(key=None, alg=0):
            return lambda x: (alg, key(x) if key else x)


        def natsorted(seq, key=None):
            return sorted(seq, key=natsort_keygen(key))


        try:
            import icu

        except ImportError:
            def os_sort_keygen(key=None):
                return natsort_keygen(key=key, alg=7)

        else:
            def os_sort_keygen(key=None):
                collator = icu.Collator.createInstance()
                return lambda x: collator.getSortKey(x)


        def os_sorted(seq, key=None, reverse=False):
            return sorted(seq, key=os_sort_keygen(key), reverse=reverse)
    ''',
    "tests/test_os_sorted.py": '''
        from natlib import os_sorted


        def test_os_sorted_compound():
            assert os_sorted(["a2", "a10"]) == ["a2", "a10"]
    ''',
    "tests/test_natsorted.py": '''
        from natlib import natsorted
        from natlib.natsort import natsort_keygen


        def test_natsorted():
            assert natsorted(["b", "a"]) == ["a", "b"]


        def test_keygen():
            assert natsort_keygen()("a") == (0, "a")
    ''',
}


@pytest.fixture(scope="module")
def proj(tmp_path_factory) -> Path:
    return indexed(tmp_path_factory.mktemp("twins") / "proj", FILES)


def test_the_first_of_two_definitions_of_a_name_is_reached_by_the_callers_of_the_name(proj):
    doc = impact(proj, "natlib/natsort.py", "return natsort_keygen(key=key, alg=7)", "--no-coverage")
    assert how(doc) == {"tests/test_os_sorted.py::test_os_sorted_compound": "reaches"}
    assert doc["tests_fallback"] is False


def test_the_last_definition_keeps_its_callers(proj):
    doc = impact(proj, "natlib/natsort.py", "return lambda x: collator.getSortKey(x)", "--no-coverage")
    assert set(how(doc)) == {"tests/test_os_sorted.py::test_os_sorted_compound"}
