// graphmind's HTML view: draws the embedded picture (views/picture.py) as SVG columns by depth.
// Written here and inlined into the page: no library, no request of any kind.
(function () {
  "use strict";
  var t0 = performance.now();
  var data = JSON.parse(document.getElementById("graphmind-data").textContent);
  var GROUP_AT = 12, OPEN_ON_FILTER = 60, COL_W = 360, ROW_H = 28, NODE_W = 320, NODE_H = 22, PAD = 24, TOP = 44;
  var NS = "http://www.w3.org/2000/svg";
  var opened = new Set(), query = "", selected = null;
  var byId = new Map(data.nodes.map(function (n) { return [n.id, n]; }));
  var edgesOf = new Map();
  data.edges.forEach(function (e) {
    [e.src, e.dst].forEach(function (k) { if (!edgesOf.has(k)) edgesOf.set(k, []); edgesOf.get(k).push(e); });
  });

  function folder(file) { var i = file.lastIndexOf("/"); return i < 0 ? "./" : file.slice(0, i + 1); }
  function short(text, n) { return text.length <= n ? text : "\u2026" + text.slice(text.length - n + 1); }
  function el(tag, attrs, text) {
    var e = document.createElementNS(NS, tag);
    for (var k in attrs) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function html(tag, text, cls) {
    var e = document.createElement(tag);
    if (text !== undefined) e.textContent = text;
    if (cls) e.className = cls;
    return e;
  }
  function matches(n) {
    if (!query || n.depth === 0) return true;
    return (n.id + " " + n.file + " " + n.signature).toLowerCase().indexOf(query) >= 0;
  }

  function layout(nodes) {
    var cols = new Map(), boxes = [], where = new Map(), collapsed = 0;
    nodes.forEach(function (n) { if (!cols.has(n.depth)) cols.set(n.depth, []); cols.get(n.depth).push(n); });
    Array.from(cols.keys()).sort(function (a, b) { return a - b; }).forEach(function (d, ci) {
      var groups = new Map(), x = PAD + ci * COL_W, y = TOP;
      cols.get(d).forEach(function (n) {
        var k = d + ":" + folder(n.file);
        if (!groups.has(k)) groups.set(k, []);
        groups.get(k).push(n);
      });
      boxes.push({title: d === 0 ? (cols.get(0)[0].role === "changed" ? "changed" : "target") : "depth " + d, x: x, y: 20});
      Array.from(groups.keys()).sort().forEach(function (k) {
        var members = groups.get(k);
        var shut = members.length > GROUP_AT && !opened.has(k) && !(query && members.length <= OPEN_ON_FILTER);
        if (shut) {
          var box = {key: k, x: x, y: y, group: true, members: members, label: folder(members[0].file) + " (" + members.length + ")"};
          boxes.push(box); collapsed += 1;
          members.forEach(function (m) { where.set(m.id, box); });
          y += ROW_H;
          return;
        }
        members.forEach(function (n) {
          var b = {key: n.id, x: x, y: y, node: n};
          boxes.push(b); where.set(n.id, b); y += ROW_H;
        });
      });
    });
    return {boxes: boxes, where: where, collapsed: collapsed};
  }

  function edgePath(a, b) {
    var ax, bx, ay = a.y + NODE_H / 2, by = b.y + NODE_H / 2;
    if (a.x > b.x) { ax = a.x; bx = b.x + NODE_W; }
    else if (a.x < b.x) { ax = a.x + NODE_W; bx = b.x; }
    else { ax = a.x; bx = b.x; var bend = a.x - 30;
      return "M" + ax + "," + ay + " C" + bend + "," + ay + " " + bend + "," + by + " " + bx + "," + by; }
    var mx = (ax + bx) / 2;
    return "M" + ax + "," + ay + " C" + mx + "," + ay + " " + mx + "," + by + " " + bx + "," + by;
  }

  function render() {
    var start = performance.now();
    var nodes = data.nodes.filter(matches);
    var lay = layout(nodes);
    var width = PAD * 2, height = TOP;
    lay.boxes.forEach(function (b) { width = Math.max(width, b.x + NODE_W + PAD); height = Math.max(height, b.y + ROW_H + PAD); });
    var svg = el("svg", {width: width, height: height, id: "graph", role: "img"});
    var defs = el("defs", {});
    var marker = el("marker", {id: "arrow", viewBox: "0 0 10 10", refX: "10", refY: "5", markerWidth: "7", markerHeight: "7", orient: "auto"});
    marker.appendChild(el("path", {d: "M0,0 L10,5 L0,10 z", fill: "#8a8a8a"}));
    defs.appendChild(marker); svg.appendChild(defs);
    var edgeLayer = el("g", {id: "edges"}), nodeLayer = el("g", {id: "nodes"}), drawn = new Set(), nEdges = 0;
    data.edges.forEach(function (e) {
      var a = lay.where.get(e.src), b = lay.where.get(e.dst);
      if (!a || !b || a === b) return;
      var key = a.key + "\u0000" + b.key + "\u0000" + e.possible;
      if (drawn.has(key)) return;
      drawn.add(key); nEdges += 1;
      var cls = "edge" + (e.possible ? " possible" : (e.kinds.join() === "call" ? "" : " other"));
      var p = el("path", {d: edgePath(a, b), "class": cls, "marker-end": "url(#arrow)", "data-src": e.src, "data-dst": e.dst});
      p.appendChild(el("title", {}, (e.possible ? "possible " : "") + e.kinds.join(",") + (e.lines.length ? " at line " + e.lines.join(", ") : "")));
      edgeLayer.appendChild(p);
    });
    lay.boxes.forEach(function (b) {
      if (b.title) { nodeLayer.appendChild(el("text", {x: b.x, y: b.y, "class": "column-title"}, b.title)); return; }
      var g, label;
      if (b.group) {
        g = el("g", {"class": "node group", "data-group": b.key, tabindex: "0"});
        label = "\u25b8 " + short(b.label, 44);
        g.appendChild(el("title", {}, b.label + ": click to open"));
      } else {
        var n = b.node;
        g = el("g", {"class": "node kind-" + n.kind.replace(/[^a-z]/g, "") + " role-" + n.role, "data-id": n.id, tabindex: "0"});
        label = short(n.id, 44);
        g.appendChild(el("title", {}, n.id + "\n" + n.file + ":" + n.line + "\n" + n.signature));
      }
      g.appendChild(el("rect", {x: b.x, y: b.y, width: NODE_W, height: NODE_H}));
      g.appendChild(el("text", {x: b.x + 6, y: b.y + 15}, label));
      g.addEventListener("click", function () { choose(b); });
      g.addEventListener("mouseenter", function () { if (!selected) show(b); });
      nodeLayer.appendChild(g);
    });
    svg.appendChild(edgeLayer); svg.appendChild(nodeLayer);
    var canvas = document.getElementById("canvas");
    canvas.replaceChildren(svg);
    document.getElementById("counts").textContent = nodes.length + " of " + data.nodes.length + " symbols, " + nEdges +
      " edges drawn" + (lay.collapsed ? ", " + lay.collapsed + " folder groups closed (click to open)" : "");
    document.documentElement.dataset.renderMs = String(Math.round(performance.now() - start));
  }

  function choose(b) {
    if (b.group) { opened.add(b.key); selected = null; render(); return; }
    selected = b.node.id;
    document.querySelectorAll(".node.selected").forEach(function (g) { g.classList.remove("selected"); });
    var g = document.querySelector('.node[data-id="' + CSS.escape(b.node.id) + '"]');
    if (g) g.classList.add("selected");
    show(b);
  }

  function show(b) {
    var box = document.getElementById("details");
    box.replaceChildren();
    if (b.group) {
      box.appendChild(html("h2", b.label));
      var ul = html("ul");
      b.members.slice(0, 100).forEach(function (m) { ul.appendChild(html("li", m.id + "  " + m.file + ":" + m.line, "loc")); });
      box.appendChild(ul);
      return;
    }
    var n = b.node;
    box.appendChild(html("h2", n.id));
    box.appendChild(html("div", n.kind + " \u00b7 " + n.role + " \u00b7 depth " + n.depth));
    box.appendChild(html("div", n.file + ":" + n.line + "-" + n.end_line, "loc"));
    box.appendChild(html("pre", n.signature));
    if (n.call_lines.length) box.appendChild(html("div", (n.role === "changed" ? "changed lines " : "calls at line ") + n.call_lines.join(", "), "loc"));
    var out = (edgesOf.get(n.id) || []);
    [["depends on", function (e) { return e.src === n.id; }, "dst"], ["used by", function (e) { return e.dst === n.id; }, "src"]].forEach(function (spec) {
      var list = out.filter(spec[1]);
      if (!list.length) return;
      box.appendChild(html("h2", spec[0]));
      var ul = html("ul");
      list.slice(0, 50).forEach(function (e) {
        var other = byId.get(e[spec[2]]);
        var li = html("li", e[spec[2]] + (e.possible ? " (possible)" : "") + " [" + e.kinds.join(",") + "]" + (other ? "  " + other.file + ":" + other.line : ""), "loc");
        ul.appendChild(li);
      });
      box.appendChild(ul);
    });
  }

  function sidebar() {
    var side = document.getElementById("summary");
    var changed = data.nodes.filter(function (n) { return n.role === "changed"; });
    if (changed.length) {
      side.appendChild(html("h2", "Changed definitions (" + changed.length + ")"));
      var ul = html("ul", undefined, "changed");
      changed.forEach(function (n) { ul.appendChild(html("li", n.id + "  " + n.file + ":" + n.line, "loc")); });
      side.appendChild(ul);
    }
    if (data.tests.length || changed.length) {
      side.appendChild(html("h2", "Tests reached (" + data.tests.length + ")"));
      var tl = html("ul", undefined, "tests");
      data.tests.forEach(function (t) { tl.appendChild(html("li", t.id + "  (" + (t.depth ? "depth " + t.depth : "changed") + ")", "loc")); });
      side.appendChild(tl);
    }
    data.notes.forEach(function (t) { side.appendChild(html("p", t)); });
  }

  document.getElementById("filter").addEventListener("input", function (ev) {
    query = ev.target.value.trim().toLowerCase(); render();
  });
  sidebar();
  render();
  document.documentElement.dataset.totalMs = String(Math.round(performance.now() - t0));
  document.body.classList.add("rendered");
})();
