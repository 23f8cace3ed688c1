"""The class hierarchy as resolution sees it: bases, C3 MRO, members, subclasses, virtual dispatch."""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from itertools import chain, dropwhile, islice

from graphmind.resolve.calltext import SEP, without_type_args
from graphmind.resolve.memo import UNSEEN
from graphmind.resolve.scopes import merged_twins, merged_type
from graphmind.resolve.tables import CLASS_KINDS, Tables
from graphmind.resolve.python.syspath import script_rooted

MAX_MRO = 1000          # classes of a base's MRO read when merging several bases
ROOT_BASES = frozenset({"object", "ABC", "Protocol", "Generic"})   # bases that supply no member
_NONE: frozenset[int] = frozenset()


class ClassHierarchy:
    """Bases, MROs, members and overrides over loaded tables, memoized for one resolve pass.

    A resolver mixes this in: base expressions are resolved through its `resolve_path`/`via_import`."""
    t: Tables

    def _init_hierarchy(self, known_bases: dict[int, list[int]] | None, known_subs: dict[int, set[int]] | None,
                        dirty: set[int] | None) -> None:
        """known_bases/known_subs: bases resolved by an earlier pass (graphmind/resolve/session.py), valid
        for every class but the `dirty` ones, whose bases are resolved again."""
        self._known = known_bases if dirty is not None else None
        self._known_subs = known_subs or {}
        self._dirty = dirty if dirty is not None else set()   # the caller's set: it may grow after the hooks' prepare
        self._mro: dict[int, int | list[int] | None] = {}   # single base: a link; several: the list
        self._twins: dict[int, tuple[int, ...]] = {}        # a TS class's merged interface of its name (and back)
        self._members: dict[tuple, int | None] = {}
        self._base_ids: dict[int, list[int]] = {}
        self._direct_subs: dict[int, list[int]] | None = None
        self._ancestors: dict[int, set[int]] = {}
        self._multi: list[int] | None = None
        self._definer_sets: dict[str, set[int]] = {}
        self._subclasses: dict[tuple[int, int], list[int]] = {}
        self._dispatched: dict[tuple, tuple[int, ...]] = {}
        self._inherit_sets: dict[tuple[int, str], frozenset[int]] = {}
        self._multi_below: dict[int, list[int]] = {}      # class -> the classes with several bases deriving from it

    def class_bases(self, cls: int) -> list[int]:
        """The workspace classes a class derives from, in declaration order."""
        t = self.t
        if cls not in self._base_ids and self._known is not None and cls not in self._dirty:
            known = self._known.get(cls)
            if known is not None:
                self._base_ids[cls] = known
        if cls not in self._base_ids:
            ids = []
            for _, base in t.bases.get(cls, ()):
                target = self.base_target(cls, base)
                kind = t.syms[target].kind if target is not None else None
                if kind in CLASS_KINDS or kind == "module" and t.syms[target].parent is not None:
                    ids.append(target)            # a module in a file: Ruby's include/extend/prepend
            self._base_ids[cls] = ids
        return self._base_ids[cls]

    def import_of(self, scope: int, name: str) -> tuple[str, str | None] | None:
        """What a name is imported as in a scope; an absolute import naming no workspace module is read
        from the folder Python puts first on sys.path for this module when it has that module there (a
        script's `import helper` finds the `helper.py` beside it; a test package below a folder that is
        none, as pytest's `prepend` mode inserts it: resolve/python/syspath.py). A module of a package
        at the top imports absolutely: `import typing` there is typing."""
        imp = self.t.imports.get(scope, {}).get(name)
        if imp is None or imp[0] in self.t.packages:
            return imp
        rooted = script_rooted(self.t, scope, imp[0])
        return (rooted, imp[1]) if rooted is not None else imp

    def base_target(self, cls: int, base: str) -> int | None:
        """The definition a base-class expression names, seen from where the class statement runs."""
        parent = self.t.syms[cls].parent
        if "<" in base:                                  # `extends Parser<List<Attr>>`: the class Parser
            base = without_type_args(base)
        hit = self.resolve_path(parent if parent is not None else cls, base)
        target = merged_type(self.t, hit[1]) if hit is not None and isinstance(hit[1], int) else None
        if target == cls:
            # `class Form(Form):` -- the base is the earlier binding (an import), not the class itself
            imp = self.t.imports.get(parent, {}).get(SEP.split(base)[0]) if parent is not None else None
            target = None
            if imp is not None:
                how, value = self.via_import(*imp)
                target = value if isinstance(value, int) and value != cls else None
        return target

    def mro(self, cls: int) -> Iterator[int]:
        """C3 linearization over workspace classes (depth-first order if C3 has no answer), lazily.

        Computed iteratively (bases first, from an explicit stack: a chain of thousands of classes must not reach
        Python's recursion limit) and stored with shared prefixes: a class with one base is stored as a link to that
        base, so n classes in a chain cost n entries, not n²/2. A TS class merged with its interface walks both MROs."""
        if (twins := self._twins.get(cls)) is None:      # memoized: mro is the hottest lookup of a pass
            twins = self._twins[cls] = tuple(merged_twins(self.t, cls))
        for c in (cls, *twins) if twins or cls not in self._mro else ():
            self._linearized(c)
        return self._walk(cls) if not twins else iter(dict.fromkeys(chain(self._walk(cls), *map(self._walk, twins))))

    def _linearized(self, cls: int) -> None:
        if cls not in self._mro:
            stack = [(cls, False)]
            while stack:
                c, ready = stack.pop()
                if ready:
                    self._mro[c] = self._linearize(c)
                    continue
                if c in self._mro:
                    continue
                self._mro[c] = [c]                # a placeholder: guards against inheritance cycles
                stack.append((c, True))
                stack.extend((b, False) for b in reversed(self.class_bases(c)) if b not in self._mro)

    def _walk(self, cls: int) -> Iterator[int]:
        """The stored MRO of cls: links followed, each class once (a cycle ends the walk)."""
        seen: set[int] = set()
        step: int | list[int] | None = cls
        while isinstance(step, int) and step not in seen:
            seen.add(step)
            yield step
            step = self._mro.get(step)
            if isinstance(step, list):            # a class with several bases: its whole linearization
                yield from (c for c in step[1:] if c not in seen)
                return

    def _linearize(self, cls: int) -> int | list[int] | None:
        bases = self.class_bases(cls)
        if len(bases) <= 1:                       # single inheritance: a link, no merge needed
            return bases[0] if bases and bases[0] != cls else None
        # each base's MRO cut at MAX_MRO (pathological hierarchies: the merge is quadratic in it)
        seqs = [[c for c in islice(self._walk(b), MAX_MRO) if c != cls] for b in bases] + [list(bases)]
        seqs = [s for s in seqs if s]
        out = [cls]
        while any(seqs):
            for seq in seqs:
                head = seq[0] if seq else None
                if head is not None and not any(head in s[1:] for s in seqs):
                    break
            else:
                rest = [c for s in seqs for c in s if c not in out]
                out.extend(dict.fromkeys(rest))
                break
            out.append(head)
            seqs = [[c for c in s if c != head] for s in seqs]
            seqs = [s for s in seqs if s]
        return out

    def member(self, cls: int, name: str, after: int | None = None) -> int | None:
        """A member found through the MRO (starting after class `after` when given: super())."""
        key = (cls, name, after)
        hit = self._members.get(key, UNSEEN)
        if hit is not UNSEEN:
            return hit
        order = self.mro(cls)
        if after is not None:                     # the classes after `after` (none if it is not there)
            order = dropwhile(lambda c: c != after, order)
            next(order, None)
        hit = None
        for c in order:
            hit = self.t.children.get(c, {}).get(name)
            if hit is not None:
                break
        self._members[key] = hit
        return hit

    def _inheritors(self, cls: int, mname: str) -> frozenset[int]:
        """The subclasses of cls reached without passing one that defines `mname` (below such a
        class, every MRO finds that definition before cls's): walked once per class and method name
        in a pass (a method calling several names on self walks them once), and only for classes
        that have subclasses, so a chain that overrides at every level costs one step."""
        key = (cls, mname)
        found = self._inherit_sets.get(key)
        if found is not None:
            return found
        seen, todo, out = {cls}, list(self._direct(cls)), set()
        if not todo:
            return _NONE                          # a leaf class: nothing stored
        while todo:
            c = todo.pop()
            if c in seen:
                continue
            seen.add(c)
            out.add(c)
            if mname not in self.t.children.get(c, {}):
                todo.extend(self._direct(c))
        found = self._inherit_sets[key] = frozenset(out) if out else _NONE
        return found

    def subclasses(self, cls: int, limit: int) -> list[int]:
        """Every workspace subclass of cls (transitively), or none when there are more than `limit`
        (walked once per class and pass)."""
        found = self._subclasses.get((cls, limit))
        if found is None:
            found = self._subclasses[(cls, limit)] = self._walk_subclasses(cls, limit)
        return found

    def closed(self, cls: int) -> bool:
        """Whether every base of cls and of its ancestors is a workspace class (or `object`, `ABC`,
        `Protocol`, `Generic[…]`): then nothing from outside supplies a member its MRO lacks."""
        for k in self.mro(cls):
            written = [b for _, b in self.t.bases.get(k, ()) if "=" not in b
                       and b.split("[", 1)[0].rsplit(".", 1)[-1].strip() not in ROOT_BASES]
            if len(written) > len(self.class_bases(k)):
                return False
        return True

    def _walk_subclasses(self, cls: int, limit: int) -> list[int]:
        seen, todo, out = {cls}, list(self._direct(cls)), []
        while todo:
            c = todo.pop()
            if c in seen:
                continue
            seen.add(c)
            out.append(c)
            if len(out) > limit:
                return []
            todo.extend(self._direct(c))
        return sorted(out)

    def _derives(self, sub: int, cls: int) -> bool:
        """Whether sub has cls among its ancestors (for the few classes with several bases)."""
        if sub not in self._ancestors:
            self._ancestors[sub] = set(islice(self.mro(sub), MAX_MRO))
        return cls in self._ancestors[sub] and sub != cls

    def _multi_based(self) -> list[int]:
        """Every class with several workspace bases (only they change what follows a class after super())."""
        if self._multi is None:
            classes = set(self.t.bases) | (set(self._known) if self._known is not None else set())
            self._multi = sorted(c for c in classes if c in self.t.syms and len(self.class_bases(c)) > 1)
        return self._multi

    def _direct(self, cls: int) -> list[int]:
        """The classes listing cls among their bases (known ones from the earlier pass, plus dirty ones)."""
        if self._direct_subs is None:
            self._direct_subs = defaultdict(list)
            scan = list(self.t.bases) if self._known is None else [c for c in self._dirty if c in self.t.bases]
            for c in scan:
                if c in self.t.syms:
                    for b in self.class_bases(c):
                        self._direct_subs[b].append(c)
        direct = self._direct_subs.get(cls, [])
        if self._known is not None:
            direct = direct + [c for c in self._known_subs.get(cls, ()) if c not in self._dirty]
        return direct

    def dispatch(self, cls: int, caller: int, name: str, is_super: bool) -> list[int]:
        """What `self.name()` (or `super().name()`) in a method of cls reaches: the member its MRO
        finds, plus the override each subclass that inherits the calling method would find (for
        super(), what comes next after cls in the MRO of each subclass with several bases).
        Memoized per calling method for the pass (a method calls the same name on self many times,
        and each answer walks the subclasses below cls)."""
        method = caller
        while method is not None and self.t.syms[method].parent != cls:
            method = self.t.syms[method].parent
        key = (cls, method, name, is_super)
        hit = self._dispatched.get(key)
        if hit is None:
            hit = self._dispatched[key] = tuple(self._dispatch(cls, method, name, is_super))
        return list(hit)

    def _dispatch(self, cls: int, method: int | None, name: str, is_super: bool) -> list[int]:
        first = self.member(cls, name, after=cls if is_super else None)
        found = [first] if first is not None else []
        if method is None:
            return found
        mname = self.t.syms[method].name
        if is_super:
            candidates = self._multi_below.get(cls)
            if candidates is None:                # once per class and pass, not per calling method
                candidates = self._multi_below[cls] = [s for s in self._multi_based() if self._derives(s, cls)]
        else:
            definers = self._definer_sets.get(name)
            if definers is None:
                definers = self._definer_sets[name] = set(self.t.definers.get(name, ()))
            candidates = definers & self._inheritors(cls, mname)
        for sub in sorted(candidates):
            if not is_super and self.member(sub, mname) != method:
                continue                          # the subclass overrides the calling method
            hit = self.member(sub, name, after=cls if is_super else None)
            if hit is not None and hit not in found:
                found.append(hit)
        return found

    def enclosing_class(self, scope: int) -> int | None:
        """The class whose method (or nested function of a method) a scope is."""
        sym = self.t.syms.get(scope)
        while sym is not None:
            if sym.kind in CLASS_KINDS:
                return sym.id
            sym = self.t.syms.get(sym.parent) if sym.parent is not None else None
        return None

    def constructor(self, cls: int) -> list[int]:
        """What instantiating a class calls: __new__ and __init__ through the MRO, else the class."""
        found = [m for m in (self.member(cls, "__new__"), self.member(cls, "__init__")) if m is not None]
        return found or [cls]

