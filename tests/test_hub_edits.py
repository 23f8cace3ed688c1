"""A save of a module many files import re-opens what the edit can change, not every file depending on
it (issue 35): an import nothing else reads re-opens nothing elsewhere, a new name re-opens the sites
that name it, a removed definition the sites that reached it; the index still equals a clean one."""
from __future__ import annotations

from daemonkit import assert_equals_clean
from langcases import indexed_workspace
from graphmind.index.indexer import index_workspace

HUB = ('"""A module everybody imports."""\nimport os\n\n\nclass Thing:\n    def run(self):\n        return os.sep\n\n\n'
       "def make():\n    return Thing()\n\n\ndef helper(x):\n    return x\n")
USER = ("import hub\nfrom hub import make, helper\n\n\ndef use{n}():\n    t = make()\n    t.run()\n"
        "    hub.Thing().run()\n    return helper(hub.make())\n")
LATE = "from hub import late\nimport hub\n\n\ndef wants():\n    late.partial(len)\n    return hub.late.reduce\n"


def _workspace(tmp_path):
    files = {"hub.py": HUB, "late_user.py": LATE, **{f"user{n}.py": USER.format(n=n) for n in range(6)}}
    return indexed_workspace(tmp_path, files)


def _save(work, text: str):
    (work / "hub.py").write_text(text)
    return index_workspace(work)


def test_an_import_nothing_reads_reopens_nothing_elsewhere(tmp_path):
    work = _workspace(tmp_path)
    added = _save(work, HUB.replace("import os\n", "import os\nimport functools as _x\n"))
    assert added.changed == 1 and added.reopened == 0
    assert added.resolved <= 3                  # the module's own sites; its functions keep their rows
    assert_equals_clean(work, tmp_path / "a", "import added")
    removed = _save(work, HUB)
    assert removed.reopened == 0
    assert_equals_clean(work, tmp_path / "b", "import removed")


def test_an_import_added_above_star_imports_reopens_nothing_elsewhere(tmp_path):
    """Django's `db/models/__init__.py` star-imports several modules (one name, `*`, bound many times):
    an import added above them moves none of them, so their order decides nothing new."""
    work = _workspace(tmp_path)
    starred = HUB.replace("import os\n", "import os\nfrom os.path import *\nfrom string import *\n")
    _save(work, starred)
    added = _save(work, "import functools as _x\n" + starred)
    assert added.reopened == 0
    assert_equals_clean(work, tmp_path / "a", "import added above star imports")
    swapped = _save(work, starred.replace("from os.path import *\nfrom string import *\n",
                                          "from string import *\nfrom os.path import *\n"))
    assert swapped.reopened > 0                 # the star imports reordered: wide
    assert_equals_clean(work, tmp_path / "b", "star imports reordered")


def test_a_new_name_reopens_the_sites_naming_it(tmp_path):
    """`from hub import late` and `hub.late.reduce` reached nothing; `import functools as late` in hub
    gives them a meaning: those sites are re-opened (and only about them), as for a definition added."""
    work = _workspace(tmp_path)
    added = _save(work, HUB.replace("import os\n", "import os\nimport functools as late\n"))
    assert 0 < added.reopened < 10
    assert_equals_clean(work, tmp_path / "a", "late bound")
    removed = _save(work, HUB)
    assert 0 < removed.reopened < 10
    assert_equals_clean(work, tmp_path / "b", "late unbound")


def test_an_import_the_module_reads_from_outside_is_still_wide(tmp_path):
    """An import that a module-level binding, a return or a base reads changes what the file's names
    hold: typed calls of its importers are re-opened, and the index equals a clean one."""
    work = _workspace(tmp_path)
    text = HUB.replace("import os\n", "import os\nfrom collections import OrderedDict as Thing2\n")
    text = text.replace("return Thing()", "return Thing2()")
    _save(work, text)
    assert_equals_clean(work, tmp_path / "a", "returned through an import")
    shadow = _save(work, HUB.replace("import os\n", "import os\nfrom collections import OrderedDict as make\n"))
    assert shadow.reopened > 0
    assert_equals_clean(work, tmp_path / "b", "a definition shadowed by an import")
    _save(work, HUB)
    assert_equals_clean(work, tmp_path / "c", "back")


def test_an_import_giving_a_return_its_meaning_reopens_the_typed_calls_of_importers(tmp_path):
    """`return Widget()` reached nothing until `from widgets import Widget` is added: the text of no
    binding changes, yet `w = hub.build(); w.spin()` elsewhere now reaches Widget.spin."""
    hub = HUB + "\n\ndef build():\n    return Widget()\n"
    files = {"hub.py": hub, "widgets.py": "class Widget:\n    def spin(self):\n        return 1\n",
             "spinner.py": "import hub\n\n\ndef go():\n    w = hub.build()\n    return w.spin()\n"}
    work = indexed_workspace(tmp_path, files)
    added = _save(work, hub.replace("import os\n", "import os\nfrom widgets import Widget\n"))
    assert added.reopened > 0
    assert_equals_clean(work, tmp_path / "a", "Widget imported")
    _save(work, hub)
    assert_equals_clean(work, tmp_path / "b", "Widget gone")


def test_a_removed_definition_reopens_the_sites_that_reached_it(tmp_path):
    work = _workspace(tmp_path)
    gone = _save(work, HUB.replace("def helper(x):\n    return x\n", ""))
    assert 6 <= gone.reopened < 40
    assert_equals_clean(work, tmp_path / "a", "helper removed")
    _save(work, HUB)
    assert_equals_clean(work, tmp_path / "b", "helper back")


def test_a_changed_base_class_reopens_what_is_looked_up_through_it(tmp_path):
    """`class Thing(Mixin)`: the sites of Thing's and Mixin's members (`run`, `shine`) and of its
    constructor are re-opened, not every typed call of every importer; `object` re-opens no member."""
    hub = HUB.replace("class Thing:", "class Mixin:\n    def shine(self):\n        return 2\n\n\nclass Thing:")
    users = {f"user{n}.py": USER.format(n=n) for n in range(6)}
    other = "import hub\n\n\ndef unrelated():\n    return hub.helper(1).strip().lower()\n"
    work = indexed_workspace(tmp_path, {"hub.py": hub, "other.py": other, **users})
    plain = _save(work, hub.replace("class Thing:", "class Thing(object):"))
    assert plain.reopened <= 12                # Thing() by name: the constructor, nothing looked up
    assert_equals_clean(work, tmp_path / "a", "object as the base")
    _save(work, hub)
    mixed = _save(work, hub.replace("class Thing:", "class Thing(Mixin):"))
    assert_equals_clean(work, tmp_path / "b", "a base added")
    assert mixed.reopened == 0          # Mixin brings `shine`, which no user looks up, and no constructor
    _save(work, hub)
    assert_equals_clean(work, tmp_path / "c", "the base removed")


def test_a_base_without_members_changed_equals_clean(tmp_path):
    """Neither the class nor its new base has a member: nothing is looked up through them (a save of
    this shape failed in SQL before: an empty list of names)."""
    work = _workspace(tmp_path)
    bare = HUB + "\n\nclass Empty:\n    pass\n\n\nclass Bare:\n    pass\n"
    _save(work, bare)
    _save(work, bare.replace("class Bare:", "class Bare(Empty):"))
    assert_equals_clean(work, tmp_path / "a", "an empty base added")


def test_a_changed_base_class_equals_clean(tmp_path):
    work = _workspace(tmp_path)
    _save(work, HUB.replace("class Thing:", "class Base:\n    def run(self):\n        return 1\n\n\nclass Thing(Base):")
          .replace("    def run(self):\n        return os.sep\n", "    def other(self):\n        return os.sep\n"))
    assert_equals_clean(work, tmp_path / "a", "a base added")
    _save(work, HUB)
    assert_equals_clean(work, tmp_path / "b", "the base removed")


def test_a_base_bringing_a_constructor_reopens_the_constructions(tmp_path):
    """`class Thing(Maker)` where Maker defines `__init__`: `Thing()` and a subclass's `Sub()` elsewhere
    reach Maker's constructor now, and no longer once the base goes; a class with its own `__init__`
    gaining such a base keeps its constructions' rows (nothing elsewhere is re-opened)."""
    maker = "class Maker:\n    def __init__(self):\n        self.made = 1\n\n\nclass Own:\n    def __init__(self):\n        self.own = 1\n\n\n"
    hub = HUB.replace("class Thing:", maker + "class Thing:")
    sub = "import hub\n\n\nclass Sub(hub.Thing):\n    pass\n\n\ndef build():\n    hub.Own()\n    return Sub()\n"
    work = indexed_workspace(tmp_path, {"hub.py": hub, "sub.py": sub, **{f"user{n}.py": USER.format(n=n) for n in range(3)}})
    gained = _save(work, hub.replace("class Thing:", "class Thing(Maker):"))
    assert_equals_clean(work, tmp_path / "a", "a base with a constructor added")
    assert gained.reopened > 0
    _save(work, hub)
    assert_equals_clean(work, tmp_path / "b", "that base removed")
    own = _save(work, hub.replace("class Own:", "class Own(Maker):"))
    assert_equals_clean(work, tmp_path / "c", "a base with a constructor under a class with its own")
    assert own.reopened == 0


def test_a_base_bringing_dunders_and_properties_reaches_the_implicit_calls(tmp_path):
    """`t == 1` and `t.size` on a Thing reached nothing; once Thing gains a base defining `__eq__` and
    the property `size` they reach it (and no longer when it goes); on a parameter of no known
    value, `x == 2` and `x.size`, they reach nothing either way."""
    mixin = ("class Sized:\n    def __eq__(self, other):\n        return True\n\n    @property\n    def size(self):\n"
             "        return 1\n\n\n")
    hub = HUB.replace("class Thing:", mixin + "class Thing:")
    cmp = ("import hub\n\n\ndef compare(x):\n    t = hub.Thing()\n    same = t == 1\n    also = x == 2\n"
           "    return same, also, t.size, x.size\n")
    work = indexed_workspace(tmp_path, {"hub.py": hub, "cmp.py": cmp, **{f"cmp{n}.py": cmp.replace("compare", f"c{n}") for n in range(4)}})
    _save(work, hub.replace("class Thing:", "class Thing(Sized):"))
    assert_equals_clean(work, tmp_path / "a", "a base with __eq__ and a property added")
    _save(work, hub)
    assert_equals_clean(work, tmp_path / "b", "that base removed")


def test_a_bare_name_like_a_gained_member_is_not_reopened(tmp_path):
    """`class Thing(Mixin)` brings `shine`: `shine()` on a parameter and a bare read of a local named
    `shine` look nothing up through a class (no dot: scopes and flow decide them), so they keep their
    rows; `t.shine()` on a Thing is re-opened and reaches Mixin.shine; both equal a clean index."""
    hub = HUB.replace("class Thing:", "class Mixin:\n    def shine(self):\n        return 2\n\n\nclass Thing:")
    bare = ("import hub\n\n\ndef apply(shine):\n    return shine()\n\n\ndef use():\n    shine = hub.helper\n"
            "    apply(shine)\n    return apply(hub.make)\n")
    work = indexed_workspace(tmp_path, {"hub.py": hub, **{f"bare{n}.py": bare for n in range(6)}})
    mixed = _save(work, hub.replace("class Thing:", "class Thing(Mixin):"))
    assert_equals_clean(work, tmp_path / "a", "a base added")
    assert mixed.reopened == 0
    (work / "looks.py").write_text("import hub\n\n\ndef look():\n    return hub.Thing().shine()\n")
    index_workspace(work)
    again = _save(work, hub)
    assert_equals_clean(work, tmp_path / "b", "the base removed")
    assert again.reopened == 1
