"""Which `#if` branches of a C/C++ file the compiler leaves out, where that can be decided from the
file alone: its own `#define`s in order, and the macros a GCC-compatible compiler predefines for
64-bit Linux on x86-64 (`__GNUC__`, `__BYTE_ORDER__`, …). A name the file never defines counts as
undefined only when it is reserved to the implementation (`_WIN32`, `__ARM_ARCH_6__`) or the file
defines it later (`#ifndef X` … `#define X`: nothing defined it before); any other name may come from
an included header or the command line, so a condition on it is undecided and both branches stay.
Definitions in a decided-out branch are marked (their signature ends with INACTIVE): a call reaching
same-named definitions in one file picks the one the configuration keeps (LZ4's `LZ4_read32`, one per
`LZ4_FORCE_MEMORY_ACCESS` value)."""
from __future__ import annotations

import re

from graphmind.languages import INACTIVE  # noqa: F401  (re-exported for the extractor's marking)
HOST = {"__GNUC__": 4, "__GNUC_MINOR__": 2, "__GNUC_PATCHLEVEL__": 1, "__clang__": 1, "__STDC__": 1,
        "__STDC_HOSTED__": 1, "__x86_64__": 1, "__x86_64": 1, "__amd64__": 1, "__amd64": 1, "__linux__": 1,
        "__linux": 1, "__unix__": 1, "__unix": 1, "__ELF__": 1, "__LP64__": 1, "_LP64": 1, "__CHAR_BIT__": 8,
        "__SIZEOF_POINTER__": 8, "__SIZEOF_LONG__": 8, "__SIZEOF_INT__": 4, "__SIZEOF_LONG_LONG__": 8,
        "__SIZEOF_SIZE_T__": 8, "__ORDER_LITTLE_ENDIAN__": 1234, "__ORDER_BIG_ENDIAN__": 4321,
        "__ORDER_PDP_ENDIAN__": 3412, "__BYTE_ORDER__": 1234, "__SSE__": 1, "__SSE2__": 1}
C_HOST = {**HOST, "__STDC_VERSION__": 201112}
CPP_HOST = {**HOST, "__cplusplus": 201703}
_TOKEN = re.compile(r"\s*(?:(0[xX][0-9a-fA-F]+|\d+)[uUlL]*|([A-Za-z_]\w*)|(&&|\|\||==|!=|<=|>=|<<|>>|[-+*/%<>!~&|^?:(),]))")
_COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
_UNKNOWN = object()        # a macro defined in a branch that was not decided


def inactive_spans(source: bytes, language: str) -> list[tuple[int, int]]:
    """(start, end) byte spans of the branches the compiler leaves out. Read line by line, not from
    the tree: `#if __cplusplus` / `extern "C" {` / `#endif` leaves a brace open that the grammar nests
    the rest of the file in."""
    host = CPP_HOST if language == "cpp" else C_HOST
    text = source.decode("latin-1")                  # one character per byte: offsets are byte offsets
    directives = list(_DIRECTIVE.finditer(text))
    later = {m.group(2).split(None, 1)[0] for m in directives if m.group(1) == "define" and m.group(2).strip()}
    state = _State(dict(host), later)
    state.scan(directives, len(text))
    return state.out


_OLDER = re.compile(r"\b([A-Z][A-Z0-9_]*VERSION[A-Z0-9_]*)\s*<")


def backport_spans(source: bytes) -> list[tuple[int, int]]:
    """(start, end) byte spans of the `#if`/`#elif` branches taken only below some version of a library
    the file does not define (`#if PY_VERSION_HEX < 0x030A00A3 && !defined(Py_NewRef)`): what they define,
    newer versions of the library ship themselves, so a call reaching it may be the library's."""
    text = source.decode("latin-1")
    directives = list(_DIRECTIVE.finditer(text))
    defined = {m.group(2).split(None, 1)[0] for m in directives if m.group(1) == "define" and m.group(2).strip()}
    out, stack = [], []
    for m in directives:
        word = m.group(1)
        if word in ("define", "undef"):
            continue
        if stack and stack[-1] is not None and not word.startswith("if"):
            out.append((stack[-1], m.start()))
            stack[-1] = None
        if word == "endif":
            if stack:
                stack.pop()
            continue
        older = word in ("if", "elif") and any(v not in defined for v in _OLDER.findall(m.group(2)))
        if word.startswith("if"):
            stack.append(m.start() if older else None)
        elif stack:
            stack[-1] = m.start() if older else None
    return out


_DIRECTIVE = re.compile(r"^[ \t]*#[ \t]*(if|ifdef|ifndef|elif|elifdef|elifndef|else|endif|define|undef)\b"
                        r"((?:\\\r?\n|[^\n])*)", re.M)
_DEFINE = re.compile(r"\s*([A-Za-z_]\w*)(\()?(.*)", re.S)


class _State:
    def __init__(self, defined: dict, later: set):
        self.defined, self.later, self.out = defined, later, []
        self.undecided = False                  # some condition could not be told

    def scan(self, directives: list, end: int) -> None:
        """Every directive in order; `active`: True (the compiler reads this), None (undecided), False."""
        self.active, self.stack = True, []
        for m in directives:
            self.step(m)
        for frame in self.stack:                               # an #if left open at the end of the file
            if frame["start"] is not None:
                self.out.append((frame["start"], end))

    def step(self, m) -> None:
        word, rest, active, stack = m.group(1), m.group(2), self.active, self.stack
        if word in ("define", "undef"):
            found = _DEFINE.match(rest)
            if active is not False and found is not None:
                name = found.group(1)
                value = found.group(3) if word == "define" and not found.group(2) else None
                self.defined[name] = _UNKNOWN if active is None or (word == "define" and value is None) else \
                    value if word == "define" else None
                if word == "undef" and active:
                    del self.defined[name]
            return
        if word.startswith("if"):
            stack.append({"outer": active, "taken": False, "undecided": False, "start": None})
        elif not stack:
            return                                             # an #endif without its #if
        frame = stack[-1]
        if frame["start"] is not None:
            self.out.append((frame["start"], m.start()))
            frame["start"] = None
        if word == "endif":
            stack.pop()
            self.active = frame["outer"]
            return
        if frame["outer"] is False:
            self.active = False
            return
        cond = True if word == "else" else self.condition(word, rest)
        if frame["taken"] or cond is False:
            frame["start"], self.active = m.start(), False
        else:
            self.active = frame["outer"] if cond and not frame["undecided"] else None
            frame["taken"] = cond is True and not frame["undecided"]
            frame["undecided"] = frame["undecided"] or cond is None
            self.undecided = self.undecided or cond is None

    def condition(self, word: str, rest: str) -> bool | None:
        if word in ("ifdef", "ifndef", "elifdef", "elifndef"):
            name = rest.split(None, 1)[0] if rest.strip() else ""
            found = self.is_defined(name)
            return found if found is None or word in ("ifdef", "elifdef") else not found
        value = self.evaluate(rest)
        return None if value is None else bool(value)

    def is_defined(self, name: str) -> bool | None:
        if name in self.defined:
            return None if self.defined[name] is _UNKNOWN else True
        if name.startswith("__") or name[:1] == "_" and name[1:2].isupper() or name in self.later:
            return False
        return None

    def evaluate(self, text: str, depth: int = 0) -> int | None:
        """The value of a `#if` expression, None when it cannot be told."""
        text = _COMMENT.sub(" ", text.replace("\\\n", " ")).strip()
        tokens, at = [], 0
        while at < len(text):
            m = _TOKEN.match(text, at)
            if m is None or depth > 8:
                return None                # something this reader does not know (a string, a cast)
            tokens.append(next(t for t in m.groups() if t is not None))
            at = m.end()
            while at < len(text) and text[at].isspace():
                at += 1
        if not tokens:
            return None
        self.tokens, self.at, self.depth = tokens, 0, depth
        try:
            value = self.ternary()
        except (IndexError, ZeroDivisionError, ValueError):
            return None
        return value if self.at == len(tokens) else None

    # a precedence-climbing reader over self.tokens; values are ints, None where not known

    def ternary(self):
        cond = self.binary(0)
        if self.peek() != "?":
            return cond
        self.at += 1
        yes = self.ternary()
        self.expect(":")
        no = self.ternary()
        return None if cond is None else yes if cond else no

    _LEVELS = [("||",), ("&&",), ("|",), ("^",), ("&",), ("==", "!="), ("<", ">", "<=", ">="), ("<<", ">>"),
               ("+", "-"), ("*", "/", "%")]

    def binary(self, level: int):
        if level == len(self._LEVELS):
            return self.unary()
        left = self.binary(level + 1)
        while self.peek() in self._LEVELS[level]:
            op = self.tokens[self.at]
            self.at += 1
            right = self.binary(level + 1)
            left = _apply(op, left, right)
        return left

    def unary(self):
        tok = self.tokens[self.at]
        self.at += 1
        if tok in ("!", "-", "+", "~"):
            v = self.unary()
            return None if v is None else {"!": int(not v), "-": -v, "+": v, "~": ~v}[tok]
        if tok == "(":
            v = self.ternary()
            self.expect(")")
            return v
        if tok == "defined":
            paren = self.peek() == "("
            self.at += paren
            name = self.tokens[self.at]
            self.at += 1
            if paren:
                self.expect(")")
            found = self.is_defined(name)
            return None if found is None else int(found)
        if tok[0].isdigit():
            return int(tok, 0) if not (tok.startswith("0") and tok[1:].isdigit()) else int(tok, 8)
        if self.peek() == "(":                 # a function-like macro: not expanded here, not known (but
            level = 0                          # `(defined(ARMV7)) && HAS_ATTRIBUTE(aligned, 2, 7, 0)` is 0)
            while True:
                level += {"(": 1, ")": -1}.get(self.tokens[self.at], 0)
                self.at += 1
                if level == 0:
                    return None
        self.note(tok)
        if tok in self.defined:
            value = self.defined[tok]
            if value is _UNKNOWN or not isinstance(value, (str, int)):
                return None
            if isinstance(value, int):
                return value
            saved = self.tokens, self.at, self.depth
            inner = self.evaluate(value, self.depth + 1) if value.strip() else None
            self.tokens, self.at, self.depth = saved
            return inner
        found = self.is_defined(tok)
        return 0 if found is False else None

    def note(self, name: str) -> None:
        """A name a condition reads the value of (graphmind/lang/cfamily/defaults.py keeps track)."""

    def peek(self):
        return self.tokens[self.at] if self.at < len(self.tokens) else None

    def expect(self, tok: str) -> None:
        if self.peek() != tok:
            raise ValueError(tok)
        self.at += 1


def _apply(op: str, a, b):
    if op == "&&":
        return 0 if a == 0 or b == 0 else None if a is None or b is None else 1
    if op == "||":
        return 1 if (a is not None and a) or (b is not None and b) else None if a is None or b is None else 0
    if a is None or b is None:
        return None
    return int({"|": lambda: a | b, "^": lambda: a ^ b, "&": lambda: a & b, "==": lambda: a == b,
                "!=": lambda: a != b, "<": lambda: a < b, ">": lambda: a > b, "<=": lambda: a <= b,
                ">=": lambda: a >= b, "<<": lambda: a << b, ">>": lambda: a >> b, "+": lambda: a + b,
                "-": lambda: a - b, "*": lambda: a * b, "/": lambda: int(a / b), "%": lambda: a % b}[op]())
