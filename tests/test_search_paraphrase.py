"""The paraphrased query sets that measure search by meaning: enough queries, none sharing a word with
its gold definition's name, and the tuning set (benchmarks/search_tuning/) apart from the evaluation
set (tests/search_eval/*_paraphrase.json). Scored by scripts/eval_search.py."""
from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EVALUATION = sorted((ROOT / "tests" / "search_eval").glob("*_paraphrase.json"))
TUNING = sorted((ROOT / "benchmarks" / "search_tuning").glob("*_paraphrase.json"))


def _stem(word: str) -> str:
    for suffix in ("ing", "ed", "es", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)]
    return word


def words(text: str) -> set[str]:
    """Lowercase word stems of a text or a name (snake_case and camelCase split)."""
    text = re.sub(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", " ", text)
    return {_stem(w) for w in re.findall(r"[a-z0-9]+", text.lower())}


def _queries(paths: list[Path]) -> list[dict]:
    return [q | {"corpus": json.loads(p.read_text())["corpus"]} for p in paths for q in json.loads(p.read_text())["queries"]]


def test_the_word_splitter_can_find_a_shared_word():
    assert words("reply headers") & words("get_redirect_target") == set()
    assert words("redirected twice") & words("resolveRedirects") == {"redirect"}


def test_enough_paraphrased_queries_over_two_projects():
    queries = _queries(EVALUATION)
    assert len(queries) >= 40
    assert {q["corpus"] for q in queries} == {"flask", "requests"}
    assert all(q["kind"] == "paraphrase" and q["relevant"] for q in queries)


def test_no_query_shares_a_word_with_its_gold_name():
    shared = [(q["query"], gold) for q in _queries(EVALUATION + TUNING) for gold in q["relevant"]
              if words(q["query"]) & words(gold.rsplit(".", 1)[-1])]
    assert shared == []


def test_tuning_and_evaluation_sets_are_apart():
    evaluation, tuning = _queries(EVALUATION), _queries(TUNING)
    assert tuning
    assert not {q["query"] for q in evaluation} & {q["query"] for q in tuning}
    assert not {g for q in evaluation for g in q["relevant"]} & {g for q in tuning for g in q["relevant"]}
