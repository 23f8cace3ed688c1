; TypeScript tags for graphmind (tsx/tags.scm is this file plus JSX). Vocabulary: queries/README.md.

; ---- definitions -------------------------------------------------------

(function_declaration
  name: (identifier) @name
  body: (statement_block) @body) @definition.function

(generator_function_declaration
  name: (identifier) @name
  body: (statement_block) @body) @definition.function

; `declare function f(): T;` (overload signatures next to a body are not captured)
(ambient_declaration
  (function_signature
    name: (identifier) @name) @definition.function)

; const f = () => ..., const f = function () {...}
(variable_declarator
  name: (identifier) @name
  value: [
    (arrow_function body: (_) @body)
    (function_expression body: (_) @body)
    (generator_function body: (_) @body)
  ]) @definition.function

; exports.f = function () {...}, Foo.prototype.bar = () => ...
(assignment_expression
  left: [
    (identifier) @name
    (member_expression property: (property_identifier) @name)
  ]
  right: [
    (arrow_function body: (_) @body)
    (function_expression body: (_) @body)
    (generator_function body: (_) @body)
  ]) @definition.function

(class_declaration
  name: (type_identifier) @name
  body: (class_body) @body) @definition.class

(abstract_class_declaration
  name: (type_identifier) @name
  body: (class_body) @body) @definition.class

(class
  name: (type_identifier) @name
  body: (class_body) @body) @definition.class

(interface_declaration
  name: (type_identifier) @name
  body: (interface_body) @body) @definition.interface

(type_alias_declaration
  name: (type_identifier) @name
  value: (_) @body) @definition.type

(enum_declaration
  name: (identifier) @name
  body: (enum_body) @body) @definition.enum

; namespace A.B { }, module A { }
(internal_module
  name: [
    (identifier) @name
    (nested_identifier property: (property_identifier) @name)
  ]
  body: (statement_block) @body) @definition.namespace

(module
  name: [
    (identifier) @name
    (nested_identifier property: (property_identifier) @name)
  ]
  body: (statement_block) @body) @definition.namespace

; declare module "pkg" { }
(module
  name: (string (string_fragment) @name)
  body: (statement_block) @body) @definition.module

(method_definition
  name: (property_identifier) @name
  body: (statement_block) @body
  (#eq? @name "constructor")) @definition.constructor

(method_definition
  name: [(property_identifier) (private_property_identifier) (string) (computed_property_name)] @name
  body: (statement_block) @body
  (#not-eq? @name "constructor")) @definition.method

(abstract_method_signature
  name: (_) @name) @definition.method

; .d.ts style: signatures in declare namespace/module blocks and declare class bodies
(statement_block
  (function_signature
    name: (identifier) @name) @definition.function)

(statement_block
  (export_statement
    declaration: (function_signature
      name: (identifier) @name) @definition.function))

(ambient_declaration
  (class_declaration
    body: (class_body
      (method_signature
        name: (_) @name) @definition.method)))

; interface and object-type members
(interface_body
  (method_signature
    name: (_) @name) @definition.method)

(object_type
  (method_signature
    name: (_) @name) @definition.method)

; interface members typed as functions (`next: (value: T) => void`, `f: typeof g`, overloads joined by `&`:
; `set: ((fn: (prev: T) => T) => void) & ((value: T) => void)`, or a value or a function: `initialOffset?: number |
; (() => number)`, called once narrowed): called as methods are
(interface_body
  (property_signature
    name: (_) @name
    type: (type_annotation [(function_type) (parenthesized_type (function_type)) (type_query) (intersection_type . (parenthesized_type (function_type))) (union_type (parenthesized_type (function_type))) (union_type (union_type (parenthesized_type (function_type))))])) @definition.method)

; an object type written for an interface member (`readonly hydrationScripts: { reserveFastPath: () => boolean }`):
; a type of its own, named for the member, with its members
; (`type Entry = { hooks: {…} }`, and nested again: `hooks: { onError: {…} }`)
[(interface_body
  (property_signature
    name: (property_identifier) @name
    type: (type_annotation (object_type) @body)) @definition.interface)
 (type_alias_declaration
  value: (object_type
    (property_signature
      name: (property_identifier) @name
      type: (type_annotation (object_type) @body)) @definition.interface))
 (property_signature
  type: (type_annotation
    (object_type
      (property_signature
        name: (property_identifier) @name
        type: (type_annotation (object_type) @body)) @definition.interface)))]

; an object type written for a class field (`private _momentumStop: { restore: () => boolean } | null`), a function's
; parameter of a function that is a definition (`opts: { onChange?: (result: R) => void }`; not of an arrow passed as an
; argument, which would name the type in the scope around it) or a variable (`const options: { backoff: typeof defaultBackoff } = …`): a type of its own, named for the field or parameter, with its
; members (graphmind/lang/flow/typeflow.py reads the parameter as it)
(class_body (public_field_definition name: [(property_identifier) (private_property_identifier)] @name type: (type_annotation [(object_type [(property_signature) (method_signature)]) @definition.interface (union_type (object_type [(property_signature) (method_signature)]) @definition.interface)])))
[(function_declaration parameters: (formal_parameters [(required_parameter pattern: (identifier) @name type: (type_annotation (object_type [(property_signature) (method_signature)]) @definition.interface)) (optional_parameter pattern: (identifier) @name type: (type_annotation (object_type [(property_signature) (method_signature)]) @definition.interface))])) (generator_function_declaration parameters: (formal_parameters [(required_parameter pattern: (identifier) @name type: (type_annotation (object_type [(property_signature) (method_signature)]) @definition.interface)) (optional_parameter pattern: (identifier) @name type: (type_annotation (object_type [(property_signature) (method_signature)]) @definition.interface))])) (method_definition parameters: (formal_parameters [(required_parameter pattern: (identifier) @name type: (type_annotation (object_type [(property_signature) (method_signature)]) @definition.interface)) (optional_parameter pattern: (identifier) @name type: (type_annotation (object_type [(property_signature) (method_signature)]) @definition.interface))])) (method_signature parameters: (formal_parameters [(required_parameter pattern: (identifier) @name type: (type_annotation (object_type [(property_signature) (method_signature)]) @definition.interface)) (optional_parameter pattern: (identifier) @name type: (type_annotation (object_type [(property_signature) (method_signature)]) @definition.interface))])) (abstract_method_signature parameters: (formal_parameters [(required_parameter pattern: (identifier) @name type: (type_annotation (object_type [(property_signature) (method_signature)]) @definition.interface)) (optional_parameter pattern: (identifier) @name type: (type_annotation (object_type [(property_signature) (method_signature)]) @definition.interface))])) (function_signature parameters: (formal_parameters [(required_parameter pattern: (identifier) @name type: (type_annotation (object_type [(property_signature) (method_signature)]) @definition.interface)) (optional_parameter pattern: (identifier) @name type: (type_annotation (object_type [(property_signature) (method_signature)]) @definition.interface))])) (variable_declarator value: [(arrow_function parameters: (formal_parameters [(required_parameter pattern: (identifier) @name type: (type_annotation (object_type [(property_signature) (method_signature)]) @definition.interface)) (optional_parameter pattern: (identifier) @name type: (type_annotation (object_type [(property_signature) (method_signature)]) @definition.interface))])) (function_expression parameters: (formal_parameters [(required_parameter pattern: (identifier) @name type: (type_annotation (object_type [(property_signature) (method_signature)]) @definition.interface)) (optional_parameter pattern: (identifier) @name type: (type_annotation (object_type [(property_signature) (method_signature)]) @definition.interface))]))]) (public_field_definition value: [(arrow_function parameters: (formal_parameters [(required_parameter pattern: (identifier) @name type: (type_annotation (object_type [(property_signature) (method_signature)]) @definition.interface)) (optional_parameter pattern: (identifier) @name type: (type_annotation (object_type [(property_signature) (method_signature)]) @definition.interface))])) (function_expression parameters: (formal_parameters [(required_parameter pattern: (identifier) @name type: (type_annotation (object_type [(property_signature) (method_signature)]) @definition.interface)) (optional_parameter pattern: (identifier) @name type: (type_annotation (object_type [(property_signature) (method_signature)]) @definition.interface))]))]) (pair value: [(arrow_function parameters: (formal_parameters [(required_parameter pattern: (identifier) @name type: (type_annotation (object_type [(property_signature) (method_signature)]) @definition.interface)) (optional_parameter pattern: (identifier) @name type: (type_annotation (object_type [(property_signature) (method_signature)]) @definition.interface))])) (function_expression parameters: (formal_parameters [(required_parameter pattern: (identifier) @name type: (type_annotation (object_type [(property_signature) (method_signature)]) @definition.interface)) (optional_parameter pattern: (identifier) @name type: (type_annotation (object_type [(property_signature) (method_signature)]) @definition.interface))]))]) (property_signature type: (type_annotation (function_type parameters: (formal_parameters [(required_parameter pattern: (identifier) @name type: (type_annotation (object_type [(property_signature) (method_signature)]) @definition.interface)) (optional_parameter pattern: (identifier) @name type: (type_annotation (object_type [(property_signature) (method_signature)]) @definition.interface))]))))]
(variable_declarator name: (identifier) @name type: (type_annotation (object_type [(property_signature) (method_signature)]) @definition.interface))
(public_field_definition type: (type_annotation [(object_type (property_signature name: (_) @name type: (type_annotation [(function_type) (parenthesized_type (function_type)) (type_query) (intersection_type . (parenthesized_type (function_type))) (union_type (parenthesized_type (function_type))) (union_type (union_type (parenthesized_type (function_type))))])) @definition.method) (union_type (object_type (property_signature name: (_) @name type: (type_annotation [(function_type) (parenthesized_type (function_type)) (type_query) (intersection_type . (parenthesized_type (function_type))) (union_type (parenthesized_type (function_type))) (union_type (union_type (parenthesized_type (function_type))))])) @definition.method))]))
[(function_declaration parameters: (formal_parameters [(required_parameter pattern: (identifier) type: (type_annotation (object_type (property_signature name: (_) @name type: (type_annotation [(function_type) (parenthesized_type (function_type)) (type_query) (intersection_type . (parenthesized_type (function_type))) (union_type (parenthesized_type (function_type))) (union_type (union_type (parenthesized_type (function_type))))])) @definition.method))) (optional_parameter pattern: (identifier) type: (type_annotation (object_type (property_signature name: (_) @name type: (type_annotation [(function_type) (parenthesized_type (function_type)) (type_query) (intersection_type . (parenthesized_type (function_type))) (union_type (parenthesized_type (function_type))) (union_type (union_type (parenthesized_type (function_type))))])) @definition.method)))])) (generator_function_declaration parameters: (formal_parameters [(required_parameter pattern: (identifier) type: (type_annotation (object_type (property_signature name: (_) @name type: (type_annotation [(function_type) (parenthesized_type (function_type)) (type_query) (intersection_type . (parenthesized_type (function_type))) (union_type (parenthesized_type (function_type))) (union_type (union_type (parenthesized_type (function_type))))])) @definition.method))) (optional_parameter pattern: (identifier) type: (type_annotation (object_type (property_signature name: (_) @name type: (type_annotation [(function_type) (parenthesized_type (function_type)) (type_query) (intersection_type . (parenthesized_type (function_type))) (union_type (parenthesized_type (function_type))) (union_type (union_type (parenthesized_type (function_type))))])) @definition.method)))])) (method_definition parameters: (formal_parameters [(required_parameter pattern: (identifier) type: (type_annotation (object_type (property_signature name: (_) @name type: (type_annotation [(function_type) (parenthesized_type (function_type)) (type_query) (intersection_type . (parenthesized_type (function_type))) (union_type (parenthesized_type (function_type))) (union_type (union_type (parenthesized_type (function_type))))])) @definition.method))) (optional_parameter pattern: (identifier) type: (type_annotation (object_type (property_signature name: (_) @name type: (type_annotation [(function_type) (parenthesized_type (function_type)) (type_query) (intersection_type . (parenthesized_type (function_type))) (union_type (parenthesized_type (function_type))) (union_type (union_type (parenthesized_type (function_type))))])) @definition.method)))])) (method_signature parameters: (formal_parameters [(required_parameter pattern: (identifier) type: (type_annotation (object_type (property_signature name: (_) @name type: (type_annotation [(function_type) (parenthesized_type (function_type)) (type_query) (intersection_type . (parenthesized_type (function_type))) (union_type (parenthesized_type (function_type))) (union_type (union_type (parenthesized_type (function_type))))])) @definition.method))) (optional_parameter pattern: (identifier) type: (type_annotation (object_type (property_signature name: (_) @name type: (type_annotation [(function_type) (parenthesized_type (function_type)) (type_query) (intersection_type . (parenthesized_type (function_type))) (union_type (parenthesized_type (function_type))) (union_type (union_type (parenthesized_type (function_type))))])) @definition.method)))])) (abstract_method_signature parameters: (formal_parameters [(required_parameter pattern: (identifier) type: (type_annotation (object_type (property_signature name: (_) @name type: (type_annotation [(function_type) (parenthesized_type (function_type)) (type_query) (intersection_type . (parenthesized_type (function_type))) (union_type (parenthesized_type (function_type))) (union_type (union_type (parenthesized_type (function_type))))])) @definition.method))) (optional_parameter pattern: (identifier) type: (type_annotation (object_type (property_signature name: (_) @name type: (type_annotation [(function_type) (parenthesized_type (function_type)) (type_query) (intersection_type . (parenthesized_type (function_type))) (union_type (parenthesized_type (function_type))) (union_type (union_type (parenthesized_type (function_type))))])) @definition.method)))])) (function_signature parameters: (formal_parameters [(required_parameter pattern: (identifier) type: (type_annotation (object_type (property_signature name: (_) @name type: (type_annotation [(function_type) (parenthesized_type (function_type)) (type_query) (intersection_type . (parenthesized_type (function_type))) (union_type (parenthesized_type (function_type))) (union_type (union_type (parenthesized_type (function_type))))])) @definition.method))) (optional_parameter pattern: (identifier) type: (type_annotation (object_type (property_signature name: (_) @name type: (type_annotation [(function_type) (parenthesized_type (function_type)) (type_query) (intersection_type . (parenthesized_type (function_type))) (union_type (parenthesized_type (function_type))) (union_type (union_type (parenthesized_type (function_type))))])) @definition.method)))])) (variable_declarator value: [(arrow_function parameters: (formal_parameters [(required_parameter pattern: (identifier) type: (type_annotation (object_type (property_signature name: (_) @name type: (type_annotation [(function_type) (parenthesized_type (function_type)) (type_query) (intersection_type . (parenthesized_type (function_type))) (union_type (parenthesized_type (function_type))) (union_type (union_type (parenthesized_type (function_type))))])) @definition.method))) (optional_parameter pattern: (identifier) type: (type_annotation (object_type (property_signature name: (_) @name type: (type_annotation [(function_type) (parenthesized_type (function_type)) (type_query) (intersection_type . (parenthesized_type (function_type))) (union_type (parenthesized_type (function_type))) (union_type (union_type (parenthesized_type (function_type))))])) @definition.method)))])) (function_expression parameters: (formal_parameters [(required_parameter pattern: (identifier) type: (type_annotation (object_type (property_signature name: (_) @name type: (type_annotation [(function_type) (parenthesized_type (function_type)) (type_query) (intersection_type . (parenthesized_type (function_type))) (union_type (parenthesized_type (function_type))) (union_type (union_type (parenthesized_type (function_type))))])) @definition.method))) (optional_parameter pattern: (identifier) type: (type_annotation (object_type (property_signature name: (_) @name type: (type_annotation [(function_type) (parenthesized_type (function_type)) (type_query) (intersection_type . (parenthesized_type (function_type))) (union_type (parenthesized_type (function_type))) (union_type (union_type (parenthesized_type (function_type))))])) @definition.method)))]))]) (public_field_definition value: [(arrow_function parameters: (formal_parameters [(required_parameter pattern: (identifier) type: (type_annotation (object_type (property_signature name: (_) @name type: (type_annotation [(function_type) (parenthesized_type (function_type)) (type_query) (intersection_type . (parenthesized_type (function_type))) (union_type (parenthesized_type (function_type))) (union_type (union_type (parenthesized_type (function_type))))])) @definition.method))) (optional_parameter pattern: (identifier) type: (type_annotation (object_type (property_signature name: (_) @name type: (type_annotation [(function_type) (parenthesized_type (function_type)) (type_query) (intersection_type . (parenthesized_type (function_type))) (union_type (parenthesized_type (function_type))) (union_type (union_type (parenthesized_type (function_type))))])) @definition.method)))])) (function_expression parameters: (formal_parameters [(required_parameter pattern: (identifier) type: (type_annotation (object_type (property_signature name: (_) @name type: (type_annotation [(function_type) (parenthesized_type (function_type)) (type_query) (intersection_type . (parenthesized_type (function_type))) (union_type (parenthesized_type (function_type))) (union_type (union_type (parenthesized_type (function_type))))])) @definition.method))) (optional_parameter pattern: (identifier) type: (type_annotation (object_type (property_signature name: (_) @name type: (type_annotation [(function_type) (parenthesized_type (function_type)) (type_query) (intersection_type . (parenthesized_type (function_type))) (union_type (parenthesized_type (function_type))) (union_type (union_type (parenthesized_type (function_type))))])) @definition.method)))]))]) (pair value: [(arrow_function parameters: (formal_parameters [(required_parameter pattern: (identifier) type: (type_annotation (object_type (property_signature name: (_) @name type: (type_annotation [(function_type) (parenthesized_type (function_type)) (type_query) (intersection_type . (parenthesized_type (function_type))) (union_type (parenthesized_type (function_type))) (union_type (union_type (parenthesized_type (function_type))))])) @definition.method))) (optional_parameter pattern: (identifier) type: (type_annotation (object_type (property_signature name: (_) @name type: (type_annotation [(function_type) (parenthesized_type (function_type)) (type_query) (intersection_type . (parenthesized_type (function_type))) (union_type (parenthesized_type (function_type))) (union_type (union_type (parenthesized_type (function_type))))])) @definition.method)))])) (function_expression parameters: (formal_parameters [(required_parameter pattern: (identifier) type: (type_annotation (object_type (property_signature name: (_) @name type: (type_annotation [(function_type) (parenthesized_type (function_type)) (type_query) (intersection_type . (parenthesized_type (function_type))) (union_type (parenthesized_type (function_type))) (union_type (union_type (parenthesized_type (function_type))))])) @definition.method))) (optional_parameter pattern: (identifier) type: (type_annotation (object_type (property_signature name: (_) @name type: (type_annotation [(function_type) (parenthesized_type (function_type)) (type_query) (intersection_type . (parenthesized_type (function_type))) (union_type (parenthesized_type (function_type))) (union_type (union_type (parenthesized_type (function_type))))])) @definition.method)))]))]) (property_signature type: (type_annotation (function_type parameters: (formal_parameters [(required_parameter pattern: (identifier) type: (type_annotation (object_type (property_signature name: (_) @name type: (type_annotation [(function_type) (parenthesized_type (function_type)) (type_query) (intersection_type . (parenthesized_type (function_type))) (union_type (parenthesized_type (function_type))) (union_type (union_type (parenthesized_type (function_type))))])) @definition.method))) (optional_parameter pattern: (identifier) type: (type_annotation (object_type (property_signature name: (_) @name type: (type_annotation [(function_type) (parenthesized_type (function_type)) (type_query) (intersection_type . (parenthesized_type (function_type))) (union_type (parenthesized_type (function_type))) (union_type (union_type (parenthesized_type (function_type))))])) @definition.method)))]))))]
(variable_declarator name: (identifier) type: (type_annotation (object_type (property_signature name: (_) @name type: (type_annotation [(function_type) (parenthesized_type (function_type)) (type_query) (intersection_type . (parenthesized_type (function_type))) (union_type (parenthesized_type (function_type))) (union_type (union_type (parenthesized_type (function_type))))])) @definition.method)))

(property_signature
  type: (type_annotation
    (object_type
      (property_signature
        name: (_) @name
        type: (type_annotation [(function_type) (parenthesized_type (function_type)) (type_query) (intersection_type . (parenthesized_type (function_type))) (union_type (parenthesized_type (function_type))) (union_type (union_type (parenthesized_type (function_type))))])) @definition.method)))

; members of an object type alias typed as functions (`getPath: (state: S) => P | null`): called as methods are
(type_alias_declaration
  value: (object_type
    (property_signature
      name: (_) @name
      type: (type_annotation [(function_type) (parenthesized_type (function_type)) (type_query) (intersection_type . (parenthesized_type (function_type))) (union_type (parenthesized_type (function_type))) (union_type (union_type (parenthesized_type (function_type))))])) @definition.method))

; the same in an object type joined by `&` (`type Options<A> = { idGenerator?: (arg: A) => string } & Base<A>`)
(type_alias_declaration
  value: (intersection_type
    (object_type
      (property_signature
        name: (_) @name
        type: (type_annotation [(function_type) (parenthesized_type (function_type)) (type_query) (intersection_type . (parenthesized_type (function_type))) (union_type (parenthesized_type (function_type))) (union_type (union_type (parenthesized_type (function_type))))])) @definition.method)))

(type_alias_declaration
  value: (intersection_type
    (intersection_type
      (object_type
        (property_signature
          name: (_) @name
          type: (type_annotation [(function_type) (parenthesized_type (function_type)) (type_query) (intersection_type . (parenthesized_type (function_type))) (union_type (parenthesized_type (function_type))) (union_type (union_type (parenthesized_type (function_type))))])) @definition.method))))

; class fields declared with a function type and no initializer (`now: () => number;`, set elsewhere)
(public_field_definition
  name: (property_identifier) @name
  type: (type_annotation [(function_type) (parenthesized_type (function_type)) (intersection_type . (parenthesized_type (function_type)))])
  !value) @definition.method

; class fields and object members holding functions
(public_field_definition
  name: [(property_identifier) (private_property_identifier)] @name
  value: [
    (arrow_function body: (_) @body)
    (function_expression body: (_) @body)
  ]) @definition.method

(pair
  key: [(property_identifier) (string)] @name
  value: [
    (arrow_function body: (_) @body)
    (function_expression body: (_) @body)
  ]) @definition.method

; ---- inheritance -------------------------------------------------------

(extends_clause
  value: [
    (identifier) @name
    (member_expression property: (property_identifier) @name)
  ] @reference.inherit)

(implements_clause
  [
    (type_identifier) @name
    (nested_type_identifier name: (type_identifier) @name)
    (generic_type name: [
      (type_identifier) @name
      (nested_type_identifier name: (type_identifier) @name)])
  ] @reference.inherit)

(extends_type_clause
  type: [
    (type_identifier) @name
    (nested_type_identifier name: (type_identifier) @name)
    (generic_type name: [
      (type_identifier) @name
      (nested_type_identifier name: (type_identifier) @name)])
  ] @reference.inherit)

; ---- calls -------------------------------------------------------------

(call_expression
  function: (identifier) @name) @reference.call

(call_expression
  function: (member_expression
    object: (_) @receiver
    property: [(property_identifier) (private_property_identifier)] @name)) @reference.call

; super(...) in a constructor calls the base class's constructor
(call_expression
  function: (super) @name) @reference.call

(new_expression
  constructor: (identifier) @name) @reference.call

(new_expression
  constructor: (member_expression
    object: (_) @receiver
    property: (property_identifier) @name)) @reference.call

; ---- imports -----------------------------------------------------------

; import "./side-effect"
(import_statement
  .
  source: (string (string_fragment) @name)) @reference.import

; import Default from "m"
(import_statement
  (import_clause (identifier) @alias)
  source: (string (string_fragment) @name)) @reference.import

; import * as ns from "m"
(import_statement
  (import_clause (namespace_import (identifier) @alias))
  source: (string (string_fragment) @name)) @reference.import

; import { a, b as c } from "m"; import type { T } from "m"
(import_statement
  (import_clause
    (named_imports
      (import_specifier
        name: _ @symbol
        alias: (_)? @alias)))
  source: (string (string_fragment) @name)) @reference.import

; import fs = require("fs")
(import_statement
  (import_require_clause
    (identifier) @alias
    source: (string (string_fragment) @name))) @reference.import

; export { a as b } from "m": a re-export (binds `b` to `a` of "m" in this module's exports)
(export_statement
  (export_clause
    (export_specifier
      name: _ @symbol
      alias: _? @alias))
  source: (string (string_fragment) @name)) @reference.import

; export * from "m": a star re-export (`@symbol` is the `*`)
(export_statement
  "*" @symbol
  source: (string (string_fragment) @name)) @reference.import

; export * as ns from "m"
(export_statement
  (namespace_export (_) @alias)
  source: (string (string_fragment) @name)) @reference.import

; const x = require("m")
(variable_declarator
  name: (identifier) @alias
  value: (call_expression
    function: (identifier) @_require
    arguments: (arguments . (string (string_fragment) @name) .))
  (#eq? @_require "require")) @reference.import

; const { a, b: c } = require("m")
(variable_declarator
  name: (object_pattern
    [
      (shorthand_property_identifier_pattern) @symbol
      (pair_pattern
        key: (property_identifier) @symbol
        value: (identifier) @alias)
    ])
  value: (call_expression
    function: (identifier) @_require
    arguments: (arguments . (string (string_fragment) @name) .))
  (#eq? @_require "require")) @reference.import

; require("m") as a statement, and dynamic import("m")
(expression_statement
  (call_expression
    function: (identifier) @_require
    arguments: (arguments . (string (string_fragment) @name) .))
  (#eq? @_require "require")) @reference.import

(call_expression
  function: (import)
  arguments: (arguments . (string (string_fragment) @name))) @reference.import

; Types named in annotations, generic arguments, casts and instanceof: dependencies, not calls.
(type_annotation) @reference.type
(type_arguments) @reference.type
(as_expression (type_identifier) @reference.type)
(binary_expression operator: "instanceof" right: (identifier) @reference.type)

; ---- module-level variables and constants, static class fields, enum members: leaf definitions
; (graphmind/index/variables.py: `const`, `readonly` make a constant). Functions bound by a
; declarator are functions above, not variables.
; interface members typed by a named type (`readonly postprocess: HttpClient.Postprocess<E, R>`): a call
; on one names that member, as the compiler does
(interface_body (property_signature name: (property_identifier) @name type: (type_annotation [(generic_type) (type_identifier) (nested_type_identifier) (lookup_type) (union_type [(generic_type) (type_identifier) (nested_type_identifier)])])) @definition.variable)
(program (lexical_declaration (variable_declarator name: (identifier) @name) @definition.variable))
(program (variable_declaration (variable_declarator name: (identifier) @name) @definition.variable))
(program (export_statement declaration: (lexical_declaration (variable_declarator name: (identifier) @name) @definition.variable)))
(program (export_statement declaration: (variable_declaration (variable_declarator name: (identifier) @name) @definition.variable)))
(class_body (public_field_definition "static" name: (property_identifier) @name) @definition.variable)
; instance fields a call can go through (`dehancer: any`, `private cleanup_: Lambda | undefined = undefined`) and
; constructor parameter properties (`private onInvalidate_: () => void`): the compiler names the field (a field typed
; `number`, `string`, … is never called: no symbol)
(class_body (public_field_definition name: [(property_identifier) (private_property_identifier)] @name type: (type_annotation [(generic_type) (type_identifier) (nested_type_identifier) (union_type) (lookup_type) (predefined_type "any")])) @definition.variable)
; ... and instance fields holding what a call returns (`private getMeasurements = memo(() => …, (…) => …)`, a
; `debounce(…)`, a `.bind(this)`): `this.getMeasurements()` names the field
(class_body (public_field_definition name: [(property_identifier) (private_property_identifier)] @name !type value: [(call_expression) (await_expression)]) @definition.variable)
(method_definition
  name: (property_identifier) @_ctor
  parameters: (formal_parameters [(required_parameter (accessibility_modifier) pattern: (identifier) @name type: (type_annotation [(function_type) (parenthesized_type) (generic_type) (type_identifier) (nested_type_identifier) (union_type) (predefined_type "any")])) (optional_parameter (accessibility_modifier) pattern: (identifier) @name type: (type_annotation [(function_type) (parenthesized_type) (generic_type) (type_identifier) (nested_type_identifier) (union_type) (predefined_type "any")])) (required_parameter "readonly" pattern: (identifier) @name type: (type_annotation [(function_type) (parenthesized_type) (generic_type) (type_identifier) (nested_type_identifier) (union_type) (predefined_type "any")])) (optional_parameter "readonly" pattern: (identifier) @name type: (type_annotation [(function_type) (parenthesized_type) (generic_type) (type_identifier) (nested_type_identifier) (union_type) (predefined_type "any")]))] @definition.variable)
  (#eq? @_ctor "constructor"))
(enum_body [(property_identifier) @name @definition.constant (enum_assignment name: (property_identifier) @name) @definition.constant])
