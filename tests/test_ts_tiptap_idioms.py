"""TypeScript, Tiptap's core idioms, as the compiler reads them: `this` in a method of an options object
passed to `Extension.create({ addProseMirrorPlugins() { this.editor.emit(…) } })` is the `this:` parameter
the config interface declares for that member (`addProseMirrorPlugins?: (this: { editor: Editor }) => …`,
through `Partial<ExtensionConfig<O, S>>` and an interface base); a `Map<string, TRenderer>` whose value
type is a type parameter gives its bound (`TRenderer extends WidgetRenderer`: `renderers.get(key)?.destroy()`)."""
from __future__ import annotations

from flowcases import call_targets
from langcases import indexed_workspace

from graphmind.store import open_reader

TYPES = """
import type { Editor } from './Editor'

export interface ExtendableConfig<Options = any, Storage = any> {
  name: string
  addProseMirrorPlugins?: (this: {
    name: string
    options: Options
    storage: Storage
    editor: Editor
  }) => object[]
  onCreate?: (this: { editor: Editor }) => void
}

export interface ExtensionConfig<Options = any, Storage = any> extends ExtendableConfig<Options, Storage> {}
"""
EDITOR = "export class Editor {\n  emit(event: string, payload: object) {}\n}\n"
EXTENSION = """
import type { ExtensionConfig } from './types'

export class Extension<Options = any, Storage = any> {
  constructor(public config: Partial<ExtensionConfig<Options, Storage>>) {}

  static create<O = any, S = any>(
    config: Partial<ExtensionConfig<O, S>> | (() => Partial<ExtensionConfig<O, S>>) = {},
  ) {
    const resolvedConfig = typeof config === 'function' ? config() : config
    return new Extension<O, S>(resolvedConfig)
  }
}
"""
DROP = """
import { Extension } from './Extension'

export const Drop = Extension.create({
  name: 'drop',

  addProseMirrorPlugins() {
    this.editor.emit('drop', {})
    return []
  },

  onCreate() {
    this.editor.emit('create', {})
  },
})
"""
WIDGETS = """
export interface WidgetRenderer {
  updateProps: (props: Record<string, any>) => void
  destroy: () => void
}

interface WidgetCache<TRenderer extends WidgetRenderer> {
  renderers: Map<string, TRenderer>
}

export function flushPendingProps<TRenderer extends WidgetRenderer>(cache: WidgetCache<TRenderer>, key: string): void {
  const renderer = cache.renderers.get(key)
  if (renderer) {
    renderer.updateProps({})
  }
  cache.renderers.get(key)?.destroy()
}

export function sweepRenderers(cache: WidgetCache<WidgetRenderer>): void {
  cache.renderers.forEach(renderer => renderer.destroy())
}
"""
MARKDOWN = """
export type MarkdownParseHelpers = {
  parseChildren: (tokens: string[]) => string[]
  parseInline: (tokens: string[]) => string[]
}

export function createBlockMarkdownSpec(options: { content: string }): {
  parseMarkdown: (token: string, h: MarkdownParseHelpers) => string[]
  name: string
} {
  const { content } = options
  return {
    parseMarkdown: (token, h) => {
      return content === 'block' ? h.parseChildren([token]) : []
    },
    name: 'block',
  }
}
"""
DECOY = "export class Decoy { emit() {} updateProps() {} destroy() {} parseChildren() {} }\n"


def test_this_in_an_options_method_is_the_declared_this_parameter(tmp_path):
    conn = open_reader(indexed_workspace(tmp_path, {"types.ts": TYPES, "Editor.ts": EDITOR, "Extension.ts": EXTENSION,
                                                    "drop.ts": DROP, "decoy.ts": DECOY}))
    assert call_targets(conn, "drop.addProseMirrorPlugins", "this.editor.emit") == {("inferred", "Editor.Editor.emit")}
    assert call_targets(conn, "drop.onCreate", "this.editor.emit") == {("inferred", "Editor.Editor.emit")}


def test_a_map_of_a_type_parameter_gives_its_bound(tmp_path):
    conn = open_reader(indexed_workspace(tmp_path, {"widgets.ts": WIDGETS, "decoy.ts": DECOY}))
    assert call_targets(conn, "widgets.flushPendingProps", "renderer.updateProps") == {
        ("inferred", "widgets.WidgetRenderer.updateProps")}
    assert call_targets(conn, "widgets.flushPendingProps", "cache.renderers.get(key)?.destroy") == {
        ("inferred", "widgets.WidgetRenderer.destroy")}
    assert call_targets(conn, "widgets.sweepRenderers", "renderer.destroy") == {("inferred", "widgets.WidgetRenderer.destroy")}


def test_a_callback_in_a_returned_object_takes_the_declared_object_types_parameter(tmp_path):
    """A function's result declared as an object type written in place: its member's parameter types the arrow's."""
    conn = open_reader(indexed_workspace(tmp_path, {"spec.ts": MARKDOWN, "decoy.ts": DECOY}))
    assert call_targets(conn, "spec.createBlockMarkdownSpec.parseMarkdown", "h.parseChildren") == {
        ("inferred", "spec.MarkdownParseHelpers.parseChildren")}
