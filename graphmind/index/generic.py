"""Definitions for any language the grammar package carries and graphmind has no query for.

No per-language query: the tag query is synthesized from the grammar itself. Every named node kind
whose name says it defines something (`…_definition`, `…_declaration`, `…_item`, `…_def`,
`…_signature`, …) and whose grammar gives it a `name` field becomes a `@definition.<kind>` pattern,
the kind read from the node kind's words (class, struct, interface, trait, enum, module, method,
constructor, function, macro, type); call-like kinds (`…call…`, `…invocation…`) with a
`function:`/`name:`/`method:` identifier become `@reference.call` patterns. A candidate pattern the
grammar cannot match is rejected by the query compiler and dropped, so the result always compiles.
The extractor then runs as for any language: definitions, scopes, signatures, and calls resolved
in the same file or as `possible` by name within the language.
"""
from __future__ import annotations

import re
from collections.abc import Callable

_DEFINING = re.compile(r"(definition|declaration|_item|_def|_decl|_signature|_statement|_spec|_declarator)$"
                       r"|(^|_)(function|class|method|module|struct|interface|enum|trait|message|service|"
                       r"procedure|constructor|macro|protocol|record|object)$", re.I)
_KINDS = (("class", "class"), ("struct", "struct"), ("record", "struct"), ("message", "struct"),
          ("interface", "interface"), ("protocol", "interface"), ("service", "interface"), ("trait", "trait"),
          ("enum", "enum"), ("module", "module"), ("namespace", "namespace"), ("package", "module"),
          ("object", "class"), ("method", "method"), ("constructor", "constructor"), ("function", "function"),
          ("func", "function"), ("proc", "function"), ("subroutine", "function"), ("macro", "macro"),
          ("type", "type"))
_NOT_DEFINITIONS = re.compile(r"(call|import|include|export|use|parameter|argument|field_decl|variable|"
                              r"anonymous|literal|expression|_body|_name|_type$|_list|_clause|_modifier)", re.I)
_CALLS = re.compile(r"(call|invocation|application)", re.I)
MAX_NAME_KINDS = 12


def definition_kind(node_kind: str) -> str | None:
    """The definition kind a node kind's name says it is, or None."""
    if not _DEFINING.search(node_kind) or _NOT_DEFINITIONS.search(node_kind):
        return None
    low = node_kind.lower()
    return next((kind for word, kind in _KINDS if word in low), None)


def tags_source(lang, compiles: Callable[[object, str], bool]) -> str:
    """A tag query for a grammar (a tree-sitter Language), synthesized from its node kinds and fields;
    patterns `compiles` rejects are dropped; empty when the grammar defines nothing we recognise."""
    kinds = sorted({lang.node_kind_for_id(i) for i in range(lang.node_kind_count)
                    if lang.node_kind_is_named(i) and lang.node_kind_is_visible(i)})
    identifiers = [k for k in kinds if k.endswith("identifier") or k in ("name", "word", "symbol")]
    names = (identifiers + [k for k in kinds if k.endswith("_name") and k not in identifiers])[:MAX_NAME_KINDS]
    alts = " ".join(f"({k})" for k in names)
    patterns = []
    for kind in kinds:
        dkind = definition_kind(kind)
        if dkind is not None:
            found = _first_valid(lang, compiles, [f"({kind} name: (_) @name body: (_)? @body) @definition.{dkind}",
                                        f"({kind} name: (_) @name) @definition.{dkind}"]
                                 + ([f"({kind} . [{alts}] @name) @definition.{dkind}"] if alts else []))
            if found:
                patterns.append(found)
        elif _CALLS.search(kind) and identifiers:
            call_alts = " ".join(f"({i})" for i in identifiers[:6])
            for field in ("function", "name", "method"):
                found = _first_valid(lang, compiles, [f"({kind} {field}: [{call_alts}] @name) @reference.call"])
                if found:
                    patterns.append(found)
                    break
    return "\n".join(patterns)


def _first_valid(lang, compiles: Callable[[object, str], bool], candidates: list[str]) -> str | None:
    for text in candidates:
        if compiles(lang, text):
            return text
    return None
