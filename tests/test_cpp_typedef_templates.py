"""C++ calls through a typedef of a class template's instance, as greenlet writes its reference wrappers:
`typedef OwnedReference<PyObject, NoOpChecker> OwnedObject;` (the class templates forward-declared above
it), so `traceback.is_None()` on a field, `previous.relinquish_ownership()` on a parameter and
`OwnedObject::consuming(…)` reach OwnedReference's members and those of its base PyObjectPointer."""
from __future__ import annotations

from langcases import call_targets as _targets, indexed_workspace

FILES = {
    "src/greenlet/greenlet_refs.hpp": """#ifndef GREENLET_REFS_HPP
#define GREENLET_REFS_HPP
#include <Python.h>

namespace greenlet {
namespace refs {

    template<typename T, void (*TC)(void*)>
    class PyObjectPointer;

    template<typename T, void (*TC)(void*)>
    class OwnedReference;

    typedef OwnedReference<PyObject, NoOpChecker> OwnedObject;

    template<typename T=PyObject, void (*TC)(void*) = NoOpChecker>
    class PyObjectPointer
    {
    public:
        inline PyObject* borrow_o() const
        {
            return reinterpret_cast<PyObject*>(this->p);
        }
        inline bool is_None() const
        {
            return this->p == Py_None;
        }
    protected:
        T* p;
    };

    template<typename T=PyObject, void (*TC)(void*) = NoOpChecker>
    class OwnedReference : public PyObjectPointer<T, TC>
    {
    public:
        static OwnedReference<T, TC> consuming(PyObject* p)
        {
            return OwnedReference<T, TC>(reinterpret_cast<T*>(p));
        }
        inline T* relinquish_ownership()
        {
            T* result = this->p;
            this->p = nullptr;
            return result;
        }
    };

    class PyErrPieces
    {
    private:
        OwnedObject type;
        OwnedObject traceback;
    public:
        void normalize()
        {
            if (traceback.is_None()) {
                traceback = nullptr;
            }
        }
        PyObject* take()
        {
            return this->type.relinquish_ownership();
        }
    };
}
}
#endif
""",
    "src/greenlet/PyModule.cpp": """#include "greenlet_refs.hpp"

using greenlet::refs::OwnedObject;

static PyObject*
mod_get(OwnedObject& previous)
{
    return previous.relinquish_ownership();
}

static PyObject*
mod_call(PyObject* run)
{
    OwnedObject result = OwnedObject::consuming(PyObject_Call(run, NULL, NULL));
    if (result.is_None()) {
        return NULL;
    }
    return result.borrow_o();
}
""",
}




REFS, MODULE = "src/greenlet/greenlet_refs.hpp", "src/greenlet/PyModule.cpp"


def test_a_field_typed_by_a_typedef_of_a_template_instance_reaches_the_template_and_its_base(tmp_path):
    work = indexed_workspace(tmp_path, FILES)
    assert _targets(work, REFS, "traceback.is_None") == {("inferred", REFS, 24)}
    assert _targets(work, REFS, "this->type.relinquish_ownership") == {("self", REFS, 40)}


def test_a_parameter_and_a_local_typed_by_the_typedef(tmp_path):
    work = indexed_workspace(tmp_path, FILES)
    assert _targets(work, MODULE, "previous.relinquish_ownership") == {("inferred", REFS, 40)}
    assert _targets(work, MODULE, "result.is_None") == {("inferred", REFS, 24)}
    assert _targets(work, MODULE, "result.borrow_o") == {("inferred", REFS, 20)}


def test_a_static_member_named_through_the_typedef(tmp_path):
    work = indexed_workspace(tmp_path, FILES)
    assert _targets(work, MODULE, "OwnedObject::consuming") == {("import", REFS, 36)}


GREENLET = {
    **FILES,
    "src/greenlet/greenlet_refs.hpp": FILES["src/greenlet/greenlet_refs.hpp"].replace("""}
}
#endif""", """
    class Greenlet;

    template<typename T=PyGreenlet>
    class _BorrowedGreenlet : public PyObjectPointer<T>
    {
    public:
        _BorrowedGreenlet(T* it)
        {
            this->p = it;
        }
        Greenlet* operator->() const noexcept;
    };

    typedef _BorrowedGreenlet<PyGreenlet> BorrowedGreenlet;
}
}
#endif"""),
    "src/greenlet/TGreenlet.hpp": """#ifndef GREENLET_GREENLET_HPP
#define GREENLET_GREENLET_HPP

#include "greenlet_refs.hpp"

using greenlet::refs::OwnedObject;
using greenlet::refs::BorrowedGreenlet;

namespace greenlet
{
    class Greenlet
    {
    public:
        inline bool active() const
        {
            return this->started;
        }
        inline bool main() const
        {
            return false;
        }
    private:
        bool started;
    };
};

#endif
""",
    "src/greenlet/PyGreenlet.cpp": """#include "TGreenlet.hpp"

static int
green_is_gc(PyObject* _self)
{
    BorrowedGreenlet self(_self);
    if (self->main() || !self->active()) {
        return 1;
    }
    BorrowedGreenlet* holder = &self;
    holder->borrow_o();
    Py_INCREF(self.borrow_o());
    return 0;
}

static PyObject*
green_getrun(PyObject* run)
{
    OwnedObject result = OwnedObject::consuming(PyObject_Call(run, NULL, NULL));
    return result.borrow_o();
}
""",
}


def test_a_using_declaration_at_file_level_in_a_header_names_the_class_in_its_includers(tmp_path):
    work = indexed_workspace(tmp_path, GREENLET)
    source = "src/greenlet/PyGreenlet.cpp"
    assert _targets(work, source, "OwnedObject::consuming") == {("import", REFS, 36)}
    assert _targets(work, source, "result.borrow_o") == {("inferred", REFS, 20)}


def test_a_call_through_a_wrapper_with_its_own_operator_arrow_reaches_what_the_arrow_gives(tmp_path):
    work = indexed_workspace(tmp_path, GREENLET)
    source, greenlet = "src/greenlet/PyGreenlet.cpp", "src/greenlet/TGreenlet.hpp"
    assert _targets(work, source, "self->active") == {("inferred", greenlet, 14)}
    assert _targets(work, source, "self->main") == {("inferred", greenlet, 18)}
    assert _targets(work, source, "holder->borrow_o") == {("inferred", REFS, 20)}    # a pointer's own class


def test_self_is_an_ordinary_parameter_name_in_cpp(tmp_path):
    work = indexed_workspace(tmp_path, GREENLET)
    assert _targets(work, "src/greenlet/PyGreenlet.cpp", "self.borrow_o") == {("inferred", REFS, 20)}
