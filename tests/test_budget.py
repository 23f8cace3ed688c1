"""budget.fit_answer: the cut note names the agent's budget, and rows are never rewritten."""
from graphmind import budget
from graphmind.budget import Row, Section


def _make(b):
    # each row quotes the budget the page was rendered with, as source text of a caller could
    rows = [Row(f"row {i}: call(max_tokens={b})", {"i": i}) for i in range(400)]
    page = budget.render(["header"], [Section("rows", "rows", rows, paged=True)], b)
    return page, {"rows": page.shown["rows"], **page.meta()}


def test_cut_note_names_the_agents_budget_and_rows_keep_their_text():
    page, doc = budget.fit_answer(_make, 300)
    assert doc["tokens"] <= 300
    rows = [line for line in page.text.splitlines() if line.startswith("row ")]
    inner = int(rows[0].rsplit("=", 1)[1].rstrip(")"))
    assert inner < 300                           # the text got a share of the budget
    assert page.text.splitlines()[-1].startswith("cut at max_tokens=300: rows 1-")
    assert all(line.endswith(f"(max_tokens={inner})") for line in rows) and len(rows) == len(doc["rows"])
    assert doc["cut"]["budget"] == 300


def test_note_after_the_cut_note_is_kept():
    def make(b):
        page, doc = _make(b)
        page.text += "\nmore than 5000 match"
        return page, doc
    page, _ = budget.fit_answer(make, 300)
    lines = page.text.splitlines()
    assert lines[-1] == "more than 5000 match" and lines[-2].startswith("cut at max_tokens=300:")
