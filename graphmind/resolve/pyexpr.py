"""Python expression text, read without a parser: top-level splits and call chains (`a.b(x).c[k]`)."""
from __future__ import annotations

from functools import lru_cache

_OPEN = {"(": ")", "[": "]", "{": "}"}


def split_top(text: str, sep: str) -> list[str]:
    """Split on a separator outside brackets and strings."""
    if sep not in text:
        return [text.strip()]
    out, depth, cur, quote, i = [], 0, [], "", 0
    while i < len(text):
        ch = text[i]
        if quote:
            if ch == "\\":
                cur.append(text[i:i + 2])
                i += 2
                continue
            if ch == quote:
                quote = ""
        elif ch in "'\"":
            quote = ch
        elif ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif depth == 0 and text.startswith(sep, i):
            out.append("".join(cur).strip())
            cur, i = [], i + len(sep)
            continue
        cur.append(ch)
        i += 1
    out.append("".join(cur).strip())
    return out


def comprehension_element(inner: str) -> str | None:
    """The element of a comprehension's bracket contents (`f(x) for x in xs` -> `f(x)`), else None
    (not cached: the evaluator asks once per expression, and most bracket texts have no `for`)."""
    if "for" not in inner:
        return None
    parts = split_top(" ".join(inner.split()), " for ")
    if len(parts) < 2:
        return None
    head = parts[0]
    return head[:-6].rstrip() if head.endswith(" async") else head


@lru_cache(maxsize=65536)
def split_items(text: str) -> tuple[str, ...]:
    """A call's arguments as written, split on top-level commas (asked once per parameter: cached)."""
    return tuple(split_top(text, ","))


@lru_cache(maxsize=65536)
def parse_chain(text: str) -> tuple[tuple[str, str], ...] | None:
    """`a.b(x)[0].c` -> [('name','a'), ('attr','b'), ('call','x'), ('sub','0'), ('attr','c')]; None if not a chain."""
    i, n, out = 0, len(text), []

    def ident(j: int) -> int:
        k = j
        while k < n and (text[k].isalnum() or text[k] in "_$"):     # `$`: JavaScript names (`$ZodType`, `String$`)
            k += 1
        return k

    end = ident(0) if text[:1] != "<" else text.find(">") + 1     # `<lambda1>`: an unnamed lambda's name
    if end <= 0 or text[0].isdigit():
        return None
    out.append(("name", text[:end]))
    i = end
    while i < n:
        ch = text[i]
        if ch == " ":
            i += 1
        elif ch == ".":
            j = i + 1
            while j < n and text[j] == " ":
                j += 1
            end = ident(j + (text[j:j + 1] == "#"))    # `this.#field`: an ES private name
            if end <= j + (text[j:j + 1] == "#"):
                return None
            out.append(("attr", text[j:end]))
            i = end
        elif ch in "([":
            close = match_bracket(text, i)
            if close < 0:
                return None
            out.append(("call" if ch == "(" else "sub", text[i + 1:close]))
            i = close + 1
        else:
            return None
    return tuple(out)


def match_bracket(text: str, start: int) -> int:
    """The index of the bracket closing the one at `start` (strings skipped), or -1."""
    depth, quote = 0, ""
    for i in range(start, len(text)):
        ch = text[i]
        if quote:
            if ch == quote:
                quote = ""
        elif ch in "'\"":
            quote = ch
        elif ch in _OPEN:
            depth += 1
        elif ch in ")]}":
            depth -= 1
            if depth == 0:
                return i
    return -1
