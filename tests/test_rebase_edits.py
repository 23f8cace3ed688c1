"""A class's bases changed in a module many files use (issue 35): what is looked up through that class
and its subclasses is re-opened, by what the hierarchy resolved to, not every site naming a member of
a same-named class elsewhere; after each edit the index equals a clean one. The shapes are Django's:
a model base with many subclasses, mixins added and removed (PermissionsMixin), a diamond of mixins
both overriding `save`, a base defined above in the same file (PermissionManager), a subclass that
imports its base under another name, an attribute subclasses set that a base method calls."""
from __future__ import annotations

import random
import shutil

from daemonkit import assert_equals_clean
from langcases import indexed_workspace
from graphmind.index.indexer import index_workspace

BASE = ("class AltersData:\n    def alters(self):\n        return 1\n\n\n"
        "class Model(AltersData):\n    objects = None\n\n    def save(self):\n        self.clean()\n"
        "        return self.full_clean()\n\n    def clean(self):\n        return self.hook()\n\n"
        "    def full_clean(self):\n        return 1\n\n    def delete(self):\n        return 2\n\n\n"
        "class BaseManager:\n    def get_queryset(self):\n        return 0\n")
MIXINS = ("from orm.base import AltersData, Model\n\n\n"
          "class PermissionsMixin(Model):\n    groups = None\n\n    def has_perm(self):\n        return self.groups\n\n"
          "    def save(self):\n        return super().save()\n\n\n"
          "class TimestampMixin:\n    def touch(self):\n        return 3\n\n    def save(self):\n        return self.touch()\n\n\n"
          "class Auditable(AltersData):\n    def alters(self):\n        return 4\n\n    def audit(self):\n        return self.alters()\n")
MODELS = ("from orm.base import BaseManager, Model\nfrom orm.mixins import Auditable, PermissionsMixin, TimestampMixin\n\n\n"
          "def helper():\n    return 5\n\n\n"
          "class PermissionManager(BaseManager):\n    def get_by_natural_key(self):\n        return 6\n\n    def filter(self):\n        return 7\n\n\n"
          "class AbstractUser(Model, PermissionsMixin):\n    name = None\n\n    def get_name(self):\n        return self.name\n\n\n"
          "class User(AbstractUser):\n    def __init__(self):\n        self.hook = helper\n\n\n"
          "class Permission(Model):\n    def natural_key(self):\n        return self.codename\n\n\n"
          "class Staff(User, TimestampMixin):\n    def promote(self):\n        return self.save()\n\n\n"
          "def make():\n    u = User()\n    u.touch()\n    u.audit()\n    Permission().filter()\n    return u.has_perm()\n")
USER = ("from app.models import Permission, Staff, User\nfrom app.models import User as BaseUser\n\n\n"
        "class Member(BaseUser):\n    def join(self):\n        return self.has_perm()\n\n\n"
        "class Other:\n    objects = None\n\n    def save(self):\n        return 8\n\n    def has_perm(self):\n        return 9\n\n\n"
        "def use{n}(unknown):\n    u = User()\n    u.save()\n    u.has_perm()\n    u.touch()\n    u.audit()\n    u.alters()\n"
        "    Staff().save()\n    Member().clean()\n    Permission().get_by_natural_key()\n    Permission().filter()\n"
        "    Other().save()\n    Other().has_perm()\n    unknown.objects.filter()\n    unknown.natural_key()\n"
        "    unknown.get_name()\n    unknown.join()\n    unknown.promote()\n    unknown.name.strip()\n    unknown.hook()\n"
        "    return u.get_name()\n\n\ndef relay(cb):\n    return cb()\n")
HEADERS = {   # class -> the base lists it takes in turn
    "class AbstractUser(": ["Model, PermissionsMixin", "Model", "PermissionsMixin, Model", "Model, Auditable",
                            "Auditable, Model", "Model, TimestampMixin, PermissionsMixin"],
    "class User(": ["AbstractUser", "AbstractUser, TimestampMixin", "TimestampMixin, AbstractUser", "Auditable, AbstractUser"],
    "class Permission(": ["Model", "Model, PermissionManager", "PermissionManager, Model", "PermissionsMixin"],
    "class TimestampMixin": ["", "(Model)", "(AltersData)"],
    "class Auditable": ["(AltersData)", "", "(Model)"],
}


def _files() -> dict[str, str]:
    return {"orm/__init__.py": "", "orm/base.py": BASE, "orm/mixins.py": MIXINS, "app/__init__.py": "",
            "app/models.py": MODELS, **{f"use{n}.py": USER.format(n=n) for n in range(5)}}


def _rebase(text: str, head: str, bases: str) -> str:
    """The text with the class line starting with `head` given these bases."""
    lines = text.split("\n")
    at = next(i for i, ln in enumerate(lines) if ln.startswith(head))
    name = head.removeprefix("class ").rstrip("(")
    lines[at] = f"class {name}{bases}:" if not head.endswith("(") else f"class {name}({bases}):"
    return "\n".join(lines)


def _base_added_then_removed(tmp_path, files: dict[str, str], mixin: str = "TimestampMixin") -> None:
    """Index files, add `mixin` to User's bases in app/models.py, then take it away again: after each
    save the index equals a clean one."""
    work = indexed_workspace(tmp_path, files)
    path = work / "app/models.py"
    text = path.read_text()
    path.write_text(_rebase(text, "class User(", f"AbstractUser, {mixin}"))
    index_workspace(work)
    assert_equals_clean(work, tmp_path / "a", f"{mixin} added to User")
    path.write_text(text)
    index_workspace(work)
    assert_equals_clean(work, tmp_path / "b", f"{mixin} removed from User")


def test_random_base_edits_equal_clean(tmp_path):
    """Bases of a model hierarchy changed one save at a time (mixins in and out, reordered, a diamond),
    each indexed and compared with a clean index."""
    work = indexed_workspace(tmp_path, _files())
    rnd, done = random.Random(35), []
    for step in range(24):
        head = rnd.choice(sorted(HEADERS))
        path = work / ("orm/mixins.py" if head in ("class TimestampMixin", "class Auditable") else "app/models.py")
        bases = rnd.choice(HEADERS[head])
        path.write_text(_rebase(path.read_text(), head, bases))
        done.append(f"{head}{bases}")
        index_workspace(work)
        assert_equals_clean(work, tmp_path / f"c{step}", f"edits: {done}")
        shutil.rmtree(tmp_path / f"c{step}")


def test_a_mixin_added_reopens_what_is_looked_up_through_the_class(tmp_path):
    """AbstractUser loses and regains PermissionsMixin: the sites looking up a member of the mixin
    (`u.has_perm()`, `self.has_perm()` in Member) are re-opened; not the uncertain sites that name a
    method of the classes below (`unknown.get_name()`, `unknown.promote()`: 121 sites before)."""
    work = indexed_workspace(tmp_path, _files())
    path = work / "app/models.py"
    path.write_text(_rebase(MODELS, "class AbstractUser(", "Model"))
    dropped = index_workspace(work)
    assert 0 < dropped.reopened <= 110
    assert_equals_clean(work, tmp_path / "a", "PermissionsMixin dropped")
    path.write_text(MODELS)
    back = index_workspace(work)
    assert 0 < back.reopened <= 110
    assert_equals_clean(work, tmp_path / "b", "PermissionsMixin back")


def test_a_base_defined_above_reopens_its_members_only(tmp_path):
    """Permission gains PermissionManager (defined above it in the same file, as in Django's
    auth/models.py): the sites calling its members through Permission are re-opened, not the sites of
    Widget, the base of another class named like PermissionManager's base (122 sites before)."""
    files = _files()
    files["lookalike.py"] = (   # a class named like an ancestor of PermissionManager, with its own bases
        "class Widget:\n    def render(self):\n        return 1\n\n    def save(self):\n        return 2\n\n\n"
        "class BaseManager(Widget):\n    pass\n\n\n"
        + "".join(f"def draw{n}(w: Widget):\n    w.render()\n    return w.save()\n\n\n" for n in range(30)))
    work = indexed_workspace(tmp_path, files)
    path = work / "app/models.py"
    path.write_text(_rebase(MODELS, "class Permission(", "Model, PermissionManager"))
    gained = index_workspace(work)
    assert 0 < gained.reopened <= 40
    assert_equals_clean(work, tmp_path / "a", "PermissionManager as a base")
    path.write_text(MODELS)
    index_workspace(work)
    assert_equals_clean(work, tmp_path / "b", "PermissionManager dropped")


def test_a_method_found_through_a_new_base_and_passed_on_equals_clean(tmp_path):
    """`relay(User().touch)` written in the saved file, unchanged: once User gains TimestampMixin the
    argument holds TimestampMixin.touch, and `cb()` in relay (another file) reaches it in a clean index."""
    files = _files()
    files["app/models.py"] = MODELS + "\n\ndef stamped():\n    from use0 import relay\n    return relay(User().touch)\n"
    files["use0.py"] += "\n\ndef relay(cb):\n    return cb()\n"
    work = indexed_workspace(tmp_path, files)
    path = work / "app/models.py"
    path.write_text(_rebase(path.read_text(), "class User(", "AbstractUser, TimestampMixin"))
    index_workspace(work)
    assert_equals_clean(work, tmp_path / "a", "TimestampMixin added to User")


def test_a_method_passed_through_a_local_of_another_file_equals_clean(tmp_path):
    """`u = User(); relay(u.touch)` and `handler = u.touch; hand_on(handler)`, unchanged, in another file
    (jobs.py): once User gains TimestampMixin the arguments hold TimestampMixin.touch, and `cb()` in
    relay and hand_on (a third file) reach it in a clean index; once it loses it again, nothing."""
    files = _files()
    files["jobs.py"] = ("from app.models import User\nfrom use0 import relay\n\n\n"
                        "def stamp_all():\n    u = User()\n    relay(u.touch)\n    handler = u.touch\n"
                        "    return hand_on(handler)\n")
    files["use0.py"] += "\n\ndef relay(cb):\n    return cb()\n\n\ndef hand_on(cb):\n    return cb()\n"
    _base_added_then_removed(tmp_path, files)


def test_chains_written_after_the_first_base_edit_are_reopened_by_a_kept_writer(tmp_path):
    """A writer kept between saves (the daemon's) finds the chains through a member gained or lost
    (`u.badge().shine()` looks up `badge` before its last member) by an index it keeps
    (graphmind/store/members.py): chains written by its own later saves, and by another process
    meanwhile, are re-opened too; after each save the index equals a clean one."""
    from graphmind.index import workspace
    from graphmind.index.indexer import index_files
    from graphmind.resolve.session import ResolveSession
    from graphmind.store import Store
    base = ("class Badge:\n    def shine(self):\n        return 1\n\n\nclass Mixin:\n    def badge(self) -> Badge:\n"
            "        return Badge()\n\n\nclass Plain:\n    pass\n\n\nclass User(Plain):\n    pass\n")
    use = "from base import User\n\n\ndef first(u: User):\n    return u.badge().shine()\n"
    work = indexed_workspace(tmp_path, {"base.py": base, "use.py": use})
    store, session = Store(work), ResolveSession()
    steps = [("base.py", base.replace("User(Plain)", "User(Plain, Mixin)")),
             ("use.py", use + "\n\ndef later(u: User):\n    return u.badge().shine()\n"),
             ("base.py", base), ("use.py", use + "".join(f"\n\ndef more{n}(u: User):\n    return u.badge().shine()\n" for n in range(3))),
             ("base.py", base.replace("User(Plain)", "User(Mixin, Plain)")), ("base.py", base)]
    try:
        for n, (rel, text) in enumerate(steps):
            (work / rel).write_text(text)
            if n == 3:                  # another process writes: the kept index may not know its rows
                index_workspace(work)
            else:
                index_files(store, workspace.walk(work), [], complete=True, session=session)
            assert_equals_clean(work, tmp_path / f"s{n}", f"step {n}: {rel}")
            shutil.rmtree(tmp_path / f"s{n}")
    finally:
        store.close()


def test_a_method_looked_up_on_what_a_function_returns_and_passed_on_equals_clean(tmp_path):
    """`relay(get_user().touch)` in another file, unchanged, with `get_user` (a third file) returning a
    User: once User gains TimestampMixin the argument holds TimestampMixin.touch and `cb()` in relay
    reaches it in a clean index; once it loses it again, nothing."""
    files = _files()
    files["people.py"] = "from app.models import User\n\n\ndef get_user() -> User:\n    return User()\n"
    files["jobs.py"] = ("from people import get_user\nfrom use0 import relay\n\n\n"
                        "def stamp_one():\n    return relay(get_user().touch)\n")
    files["use0.py"] += "\n\ndef relay(cb):\n    return cb()\n"
    _base_added_then_removed(tmp_path, files)


def test_a_data_attribute_a_new_base_supplies_passed_on_equals_clean(tmp_path):
    """A class attribute of a mixin (`on_save = helper`, `clock = Clock()`) passed on, unchanged, in
    another file (`relay(u.on_save)`, `tick_with(u.clock)`): once User gains the mixin, `cb()` and
    `c.tick()` in the callees reach helper and Clock.tick in a clean index; once it loses it, nothing."""
    files = _files()
    files["orm/stamps.py"] = ("class Clock:\n    def tick(self):\n        return 1\n\n\n"
                              "def helper():\n    return 2\n\n\n"
                              "class Stamped:\n    on_save = helper\n    clock = Clock()\n")
    files["app/models.py"] = "from orm.stamps import Stamped\n" + MODELS
    files["jobs.py"] = ("from app.models import User\nfrom use0 import relay, tick_with\n\n\n"
                        "def stamp_all():\n    u = User()\n    relay(u.on_save)\n    return tick_with(u.clock)\n")
    files["use0.py"] += "\n\ndef relay(cb):\n    return cb()\n\n\ndef tick_with(c):\n    return c.tick()\n"
    _base_added_then_removed(tmp_path, files, "Stamped")
