"""Score the type-flow fixtures (tests/fixtures/flow/): per language, expected callers found at their
depth, decoys resolved, required edges missing. One JSON line per language."""
from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from flowcases import CASES, expected, index_case, score  # noqa: E402


def main(argv: list[str]) -> None:
    cases = [c for c in CASES if not argv or c in argv]
    with tempfile.TemporaryDirectory() as tmp:
        for case in cases:
            result = score(index_case(Path(tmp), case), expected(case))
            print(json.dumps({"case": case, **result}))


if __name__ == "__main__":
    main(sys.argv[1:])
