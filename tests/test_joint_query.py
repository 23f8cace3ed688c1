"""One walk of the tree for the tag and flow queries gives the matches the two queries give apart."""
from __future__ import annotations

from pathlib import Path

import pytest

from graphmind.index import parser
from graphmind.languages import language_for

FIXTURES = Path(__file__).resolve().parent / "fixtures"


def _key(found: parser.Matches) -> list:
    return [(i, {cap: [(n.start_byte, n.end_byte, n.type) for n in nodes] for cap, nodes in caps.items()})
            for i, caps in found]


def _apart(name: str, root) -> tuple:
    (tags, whole), (flow, every) = parser.matches(name, root), parser.flow_matches(name, root)
    return _key(tags), whole, _key(flow), every


def _joint(name: str, root) -> tuple:
    (tags, whole), (flow, every) = parser.tag_and_flow_matches(name, root)
    return _key(tags), whole, _key(flow), every


def _fixture_files() -> list:
    params = []
    for path in sorted(FIXTURES.rglob("*")):
        spec = language_for(path) if path.is_file() else None
        if spec is not None and parser.flow_sections(spec.name):
            params.append(pytest.param(spec.name, path, id=str(path.relative_to(FIXTURES))))
    return params


def test_the_languages_with_a_flow_query_have_a_joint_one():
    # the JavaScript family's flow query is all sections of module-level facts (limited depth): apart
    for name in ("javascript", "typescript", "tsx", "bash"):
        assert parser.joint_query(name) is None, name
    for name in ("python", "java", "go", "rust", "c", "cpp", "csharp", "ruby", "php", "lua", "kotlin"):
        joint = parser.joint_query(name)
        assert joint is not None, name
        assert joint.pattern_count == (parser.tags_query(name).pattern_count
                                       + parser.flow_queries(name)[0][0].pattern_count)


@pytest.mark.parametrize("name, path", _fixture_files())
def test_joint_matches_equal_the_two_queries_apart(name, path):
    root = parser.parse(name, path.read_bytes()).root_node
    assert _joint(name, root) == _apart(name, root)


@pytest.mark.parametrize("links", [10, 140, 300])
def test_a_chain_the_joint_cursor_cannot_hold_is_read_by_the_queries_apart(links):
    # 140 chained calls: each query alone keeps every match, the two together pass MATCH_LIMIT
    root = parser.parse("python", ("x = (a" + ".b()" * links + ")\n").encode()).root_node
    joint, apart = _joint("python", root), _apart("python", root)
    assert joint == apart
    if links <= 140:                       # (300 links: each query alone drops the outermost)
        assert joint[1] and joint[3] and len(joint[0]) >= links and len(joint[2]) >= links
