"""Tag queries against caret-annotated fixtures (format: queries/README.md)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from graphmind.languages import BY_NAME, LANGUAGES, has_tags
from graphmind.index.parser import Query, grammar, matches, parse, tags_source

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "tags"

# An assertion line: optional indent, a comment opener, optional spaces, `^`, then ` role` / ` !role`.
ASSERTION = re.compile(rb"^[ \t]*(?:#|//|--|;|%)[ \t]*(\^)[ \t]+(!?)([A-Za-z_][\w.]*)")

DEFINITION_KINDS = {
    "function", "method", "class", "interface", "struct", "enum", "trait", "module",
    "namespace", "type", "constant", "variable", "macro", "constructor", "field",
}
VOCABULARY = {f"definition.{k}" for k in DEFINITION_KINDS} | {
    "name", "body", "receiver", "reference.call", "reference.import", "symbol", "alias",
    "reference.inherit", "reference.type",
}


def _fixture_files() -> list:
    params = []
    if not FIXTURES.is_dir():
        return params
    for path in sorted(FIXTURES.glob("*/*")):
        if not path.is_file():
            continue
        lang = path.parent.name
        if lang in BY_NAME and not has_tags(lang):
            continue  # the language's query is not written yet
        params.append(pytest.param(lang, path, id=f"{lang}/{path.name}"))
    return params


def _covers(node, point: tuple[int, int]) -> bool:
    return tuple(node.start_point) <= point < tuple(node.end_point)


def _assertions(source: bytes):
    """Yield (assertion line number 1-based, target row 0-based, column, negated, role)."""
    target = None
    for row, line in enumerate(source.split(b"\n")):
        m = ASSERTION.match(line)
        if m is None:
            target = row
            continue
        if target is None:
            raise AssertionError(f"line {row + 1}: assertion with no code line above it")
        yield row + 1, target, m.start(1), m.group(2) == b"!", m.group(3).decode()


def _describe(found) -> str:
    if not found:
        return "no match has an @name covering that column"
    return "; ".join(
        f"{{{', '.join(sorted(caps))}}} name={name.text.decode(errors='replace')!r}"
        for caps, name in found
    )


@pytest.mark.parametrize("lang,path", _fixture_files())
def test_caret_assertions(lang: str, path: Path) -> None:
    assert lang in BY_NAME, f"{path}: folder {lang!r} is not a language in graphmind.languages"
    source = path.read_bytes()
    tree = parse(lang, source)
    all_matches, complete = matches(lang, tree.root_node)
    assert complete
    lines = source.split(b"\n")
    failures = []
    count = 0
    for lineno, row, col, negated, role in _assertions(source):
        count += 1
        point = (row, col)
        # every (captures of a match, @name node) whose name covers the point
        found = [
            (caps.keys(), name)
            for _, caps in all_matches
            for name in caps.get("name", ())
            if _covers(name, point)
        ]
        hit = any(role in caps for caps, _ in found)
        if hit == negated:
            code = lines[row].decode(errors="replace").rstrip()
            failures.append(
                f"{path.relative_to(FIXTURES.parent.parent.parent)}:{lineno}: "
                f"{'!' if negated else ''}{role} at {row + 1}:{col} in {code.strip()!r} "
                f"({'unexpected' if negated else 'missing'}); there: {_describe(found)}"
            )
    assert count, f"{path}: no assertion lines (wrong comment opener?)"
    if tree.root_node.has_error:
        failures.append(f"{path}: the fixture does not parse cleanly")
    if failures:
        pytest.fail("\n".join(failures), pytrace=False)


@pytest.mark.parametrize("lang", [spec.name for spec in LANGUAGES if has_tags(spec.name)])
def test_query_compiles_with_known_captures(lang: str) -> None:
    query = Query(grammar(lang), tags_source(lang))
    names = {query.capture_name(i) for i in range(query.capture_count)}
    # `@_x` captures only feed predicates such as (#eq? @_x "require"); readers ignore them.
    unknown = sorted(n for n in names if n not in VOCABULARY and not n.startswith("_"))
    assert not unknown, f"queries/{lang}/tags.scm: captures outside the vocabulary: {unknown}"


def test_assertion_lines_are_read_as_documented() -> None:
    source = b"def greet(name):\n#   ^ definition.function\n\n    say(name)\n#   ^ reference.call\n#   ^ !definition.function\n"
    assert list(_assertions(source)) == [
        (2, 0, 4, False, "definition.function"),
        (5, 3, 4, False, "reference.call"),
        (6, 3, 4, True, "definition.function"),
    ]
