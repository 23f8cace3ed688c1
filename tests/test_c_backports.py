"""A definition in a branch taken only below some version of a library the project does not define
(`#if PY_VERSION_HEX < 0x030A0000 && !defined(Py_NewRef)`, as pythoncapi_compat.h backports what newer
Pythons ship) is the library's own function in newer versions: a call reaching it is `possible`, never a
resolved edge (clang on a newer Python calls the library's). A branch on a feature macro stays resolved,
and so does a version macro the file defines itself."""
from __future__ import annotations

from graphmind.store import open_reader
from langcases import indexed_workspace

FILES = {
    "mod/pythoncapi_compat.h": """#ifndef PYTHONCAPI_COMPAT
#define PYTHONCAPI_COMPAT

#include <Python.h>

// bpo-42262 added Py_NewRef() to Python 3.10
#if PY_VERSION_HEX < 0x030A00A3 && !defined(Py_NewRef)
static inline PyObject* _Py_NewRef(PyObject *obj)
{
    Py_INCREF(obj);
    return obj;
}
#define Py_NewRef(obj) _Py_NewRef(_PyObject_CAST(obj))
#endif

// bpo-39573 added Py_SET_SIZE() to Python 3.9.0a4
#if !defined(Py_SET_SIZE) && PY_VERSION_HEX < 0x030900A4
static inline void _Py_SET_SIZE(PyVarObject *ob, Py_ssize_t size)
{ ob->ob_size = size; }
#define Py_SET_SIZE(ob, size) _Py_SET_SIZE((PyVarObject*)(ob), size)
#endif

#ifdef HAVE_MREMAP
static inline int grow_mapping(PyObject *obj) { return 1; }
#endif

#endif
""",
    "mod/_module.c": """#include "pythoncapi_compat.h"

#define MODULE_VERSION 3
#if MODULE_VERSION < 4
static int legacy_size(PyObject *self) { return 0; }
#endif

static PyObject *
copy_self(PyObject *self)
{
    Py_SET_SIZE(self, 0);
    grow_mapping(self);
    legacy_size(self);
    return _Py_NewRef(self);
}
""",
}


def _rows(work, callee: str) -> set[tuple[str, str | None]]:
    return {tuple(r) for r in open_reader(work).execute(
        "SELECT c.resolution, tf.path FROM calls c JOIN files f ON f.id = c.file_id"
        " LEFT JOIN symbols t ON t.id = c.target_id LEFT JOIN files tf ON tf.id = t.file_id"
        " WHERE f.path = 'mod/_module.c' AND c.callee = ? AND c.kind = 'call'", (callee,))}


def test_a_backport_of_a_newer_library_version_is_possible_not_resolved(tmp_path):
    work = indexed_workspace(tmp_path, FILES)
    for callee in ("_Py_NewRef", "_Py_SET_SIZE"):
        rows = _rows(work, callee) if callee != "_Py_SET_SIZE" else \
            {r for r in open_reader(work).execute(
                "SELECT c.resolution, tf.path FROM calls c LEFT JOIN symbols t ON t.id = c.target_id"
                " LEFT JOIN files tf ON tf.id = t.file_id WHERE c.callee = ? AND c.kind = 'call'", (callee,))}
        assert rows and all(how == "possible" for how, _ in rows), (callee, rows)


def test_a_feature_branch_and_a_version_the_project_defines_stay_resolved(tmp_path):
    work = indexed_workspace(tmp_path, FILES)
    assert {r[0] for r in _rows(work, "grow_mapping")} == {"import"}
    assert {r[0] for r in _rows(work, "legacy_size")} == {"local"}
