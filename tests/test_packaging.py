"""The wheel carries schema.sql and queries/, and the installed package finds them."""
from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_wheel_contains_schema_and_queries(tmp_path):
    subprocess.run([sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(tmp_path), str(ROOT)],
                   check=True, capture_output=True, timeout=300)
    wheel = next(tmp_path.glob("graphmind_code-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "graphmind/_data/schema.sql" in names
    queries = {n for n in names if n.startswith("graphmind/_data/queries/") and n.endswith("/tags.scm")}
    shipped = {f"graphmind/_data/queries/{p.parent.name}/tags.scm" for p in (ROOT / "queries").glob("*/tags.scm")}
    assert queries == shipped and "graphmind/_data/queries/python/tags.scm" in queries
    assert "graphmind/cli.py" in names
    entry = zipfile.ZipFile(wheel).read(next(n for n in names if n.endswith("entry_points.txt"))).decode()
    assert "graphmind = graphmind.cli:main" in entry
    # the distribution's name is free on the public index (`graphmind` there is an unrelated project),
    # its licence file and classifiers travel with it
    meta = zipfile.ZipFile(wheel).read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()
    assert "\nName: graphmind-code\n" in meta and "\nLicense-Expression: MIT\n" in meta
    assert "\nLicense-File: LICENSE\n" in meta and "Classifier: Programming Language :: Python :: 3.11" in meta
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
