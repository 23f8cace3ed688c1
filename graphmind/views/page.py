"""A picture as one self-contained HTML page: the data, our CSS and our JS inline; nothing fetched, ever."""
from __future__ import annotations

import html
import json
from importlib import resources

from graphmind.views.picture import Picture

_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
<link rel="icon" href="data:,">
<title>@TITLE@</title><style>@CSS@</style></head>
<body><main><header><h1>@TITLE@</h1>
<input id="filter" type="search" placeholder="filter: name, file or signature" aria-label="filter">
<span id="counts"></span>
<span class="legend"><span class="kind-function">function</span><span class="kind-method">method</span><span class="kind-class">class</span><span class="kind-module">module</span><span class="kind-variable">variable</span><span class="kind-possible">possible (dashed)</span></span>
</header><div id="canvas"></div></main>
<aside><div id="summary"></div><h2>Details</h2><div id="details">Hover or click a symbol; click a folder group to open it.</div></aside>
<script type="application/json" id="graphmind-data">@DATA@</script>
<script>@JS@</script></body></html>
"""


def _asset(name: str) -> str:
    return resources.files("graphmind.views").joinpath(name).read_text(encoding="utf-8")


def _json_in_script(doc: dict) -> str:
    """JSON safe inside a <script> element: no `</script>` or `<!--` can close or open anything."""
    text = json.dumps(doc, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026") \
        .replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")


def to_html(pic: Picture) -> str:
    """The page: an interactive graph by depth, a filter box, details on hover or click, folders grouped."""
    return (_PAGE.replace("@CSS@", _asset("page.css")).replace("@JS@", _asset("page.js"))
            .replace("@TITLE@", html.escape(pic.title)).replace("@DATA@", _json_in_script(pic.as_json())))
