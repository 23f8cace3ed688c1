"""TypeScript, ProseMirror's document model idioms, as the compiler reads them: a getter with no declared
type (`get parent() { return this.node(this.depth) }`) read as `this.parent` is what it returns; a
`readonly Node[]` (constructor parameter property) is an array of Node, so `this.content[index]` and a
method returning it (`child(index: number) { let found = this.content[index]; … return found }`) give a
Node, while the array's own methods (`this.content.slice()`) are the library's even where Node defines a
method of that name (some 60 sites of prosemirror-model scored by scripts/score_ts_oracle.py)."""
from __future__ import annotations

from flowcases import call_targets
from langcases import indexed_workspace

from graphmind.store import open_reader

FRAGMENT = """
import {Node} from "./node"

export class Fragment {
  constructor(readonly content: readonly Node[], public size: number) {}

  get childCount() { return this.content.length }

  child(index: number) {
    let found = this.content[index]
    if (!found) throw new RangeError("Index " + index + " out of range for " + this)
    return found
  }

  cut(from: number, to: number) {
    let result: Node[] = []
    return new Fragment(this.content.slice(from, to), to - from)
  }

  append(other: Fragment) {
    let content = this.content.slice()
    content[0].slice(0)
    return new Fragment(content, this.size + other.size)
  }
}
"""
NODE = """
import {Fragment} from "./fragment"

export class Node {
  constructor(readonly content: Fragment) {}

  child(index: number) { return this.content.child(index) }

  sameMarkup(other: Node) { return other === this }

  slice(from: number) { return this }
}
"""
RESOLVEDPOS = """
import {Node} from "./node"

export class ResolvedPos {
  constructor(readonly pos: number, readonly path: any[], readonly depth: number) {}

  get parent() { return this.node(this.depth) }

  node(depth?: number | null): Node { return this.path[depth! * 3] }

  get nodeAfter(): Node | null {
    let parent = this.parent
    let child = parent.child(0)
    return child.slice(1)
  }

  get nodeBefore(): Node | null {
    return this.parent.child(0)
  }
}
"""
DIFF = """
import {Fragment} from "./fragment"

export function findDiffStart(a: Fragment, b: Fragment, pos: number): number | null {
  let childA = a.child(0), childB = b.child(0)
  if (!childA.sameMarkup(childB)) return pos
  return null
}
"""
DECOY = "export class Decoy { child() {} sameMarkup() {} slice() {} }\n"
FILES = {"fragment.ts": FRAGMENT, "node.ts": NODE, "resolvedpos.ts": RESOLVEDPOS, "diff.ts": DIFF, "decoy.ts": DECOY}


def test_a_getter_read_is_what_it_returns(tmp_path):
    conn = open_reader(indexed_workspace(tmp_path, FILES))
    assert call_targets(conn, "resolvedpos.ResolvedPos.nodeAfter", "parent.child") == {("inferred", "node.Node.child")}
    assert call_targets(conn, "resolvedpos.ResolvedPos.nodeBefore", "this.parent.child") == {("self", "node.Node.child")}


def test_a_readonly_array_gives_its_element(tmp_path):
    conn = open_reader(indexed_workspace(tmp_path, FILES))
    assert call_targets(conn, "diff.findDiffStart", "childA.sameMarkup") == {("inferred", "node.Node.sameMarkup")}
    assert call_targets(conn, "fragment.Fragment.append", "content[0].slice") == {("inferred", "node.Node.slice")}


def test_an_arrays_own_methods_are_not_its_elements(tmp_path):
    conn = open_reader(indexed_workspace(tmp_path, FILES))
    assert call_targets(conn, "fragment.Fragment.cut", "this.content.slice") == {("builtin", None)}
    assert call_targets(conn, "fragment.Fragment.append", "this.content.slice") == {("builtin", None)}


MARK = """
export class Mark {
  static none: readonly Mark[] = []

  isInSet(set: readonly Mark[]) { return set.indexOf(this) > -1 }

  removeFromSet(set: readonly Mark[]): readonly Mark[] { return set.filter(m => m !== this) }
}

export class NodeType {
  hasRequiredAttrs() { return false }
}

type MatchEdge = {type: NodeType, next: ContentMatch}

export class ContentMatch {
  readonly next: MatchEdge[] = []

  get defaultType(): NodeType | null {
    for (let i = 0; i < this.next.length; i++) {
      let {type} = this.next[i]
      if (!(type.hasRequiredAttrs())) return type
    }
    return null
  }
}

export class MarkedNode {
  constructor(readonly type: NodeType, readonly marks = Mark.none) {}

  check() {
    for (let i = 0; i < this.marks.length; i++) {
      let mark = this.marks[i]
      mark.isInSet(this.marks)
    }
  }
}
"""
MARK_DECOY = "export class Decoy { hasRequiredAttrs() {} isInSet() {} }\n"


def test_a_parameter_property_holds_its_default_and_a_pattern_reads_an_element(tmp_path):
    conn = open_reader(indexed_workspace(tmp_path, {"mark.ts": MARK, "decoy.ts": MARK_DECOY}))
    assert call_targets(conn, "mark.MarkedNode.check", "mark.isInSet") == {("inferred", "mark.Mark.isInSet")}
    assert call_targets(conn, "mark.ContentMatch.defaultType", "type.hasRequiredAttrs") == {
        ("inferred", "mark.NodeType.hasRequiredAttrs")}


TYPES = """
type NodeViewConstructor = (node: object, view: object, getPos: () => number | undefined) => object

export interface NodeViewRendererProps {
  node: Parameters<NodeViewConstructor>[0]
  getPos: Parameters<NodeViewConstructor>[2]
}
"""
NODEVIEW = """
import { NodeViewRendererProps } from "./types"

export class NodeView {
  getPos: NodeViewRendererProps['getPos']

  constructor(props: NodeViewRendererProps) {
    this.getPos = props.getPos
  }

  static positionOf(props: NodeViewRendererProps) {
    return props.getPos()
  }

  update() {
    const pos = this.getPos()
    return pos !== undefined
  }
}
"""


def test_a_member_typed_by_an_indexed_access_type_is_the_callee(tmp_path):
    """Tiptap's NodeView: a field and an interface member typed `Props['getPos']`, `Parameters<C>[2]`."""
    conn = open_reader(indexed_workspace(tmp_path, {"types.ts": TYPES, "nodeview.ts": NODEVIEW,
                                                    "decoy.ts": "export class Decoy { getPos() {} }\n"}))
    assert call_targets(conn, "nodeview.NodeView.update", "this.getPos") == {("self", "nodeview.NodeView.getPos")}
    assert call_targets(conn, "nodeview.NodeView.positionOf", "props.getPos") == {
        ("inferred", "types.NodeViewRendererProps.getPos")}
