; JavaScript (and JSX) tags for graphmind. Vocabulary: queries/README.md.

; ---- definitions -------------------------------------------------------

(function_declaration
  name: (identifier) @name
  body: (statement_block) @body) @definition.function

(generator_function_declaration
  name: (identifier) @name
  body: (statement_block) @body) @definition.function

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
  name: (identifier) @name
  body: (class_body) @body) @definition.class

(class
  name: (identifier) @name
  body: (class_body) @body) @definition.class

(method_definition
  name: (property_identifier) @name
  body: (statement_block) @body
  (#eq? @name "constructor")) @definition.constructor

(method_definition
  name: [(property_identifier) (private_property_identifier) (string) (computed_property_name)] @name
  body: (statement_block) @body
  (#not-eq? @name "constructor")) @definition.method

; class fields and object members holding functions
(field_definition
  property: [(property_identifier) (private_property_identifier)] @name
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

(class_heritage
  [
    (identifier) @name
    (member_expression property: (property_identifier) @name)
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

; JSX: <Component/> renders (calls) Component; lower-case tags are HTML elements.
; The call node is the tag name, so the callee reads `Component`, not `<Component`.
(jsx_opening_element
  name: (identifier) @name @reference.call
  (#match? @name "^[A-Z]"))

(jsx_self_closing_element
  name: (identifier) @name @reference.call
  (#match? @name "^[A-Z]"))

(jsx_opening_element
  name: (member_expression
    object: (_) @receiver
    property: (property_identifier) @name) @reference.call)

(jsx_self_closing_element
  name: (member_expression
    object: (_) @receiver
    property: (property_identifier) @name) @reference.call)

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

; import { a, b as c } from "m"
(import_statement
  (import_clause
    (named_imports
      (import_specifier
        name: _ @symbol
        alias: (_)? @alias)))
  source: (string (string_fragment) @name)) @reference.import

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

; ---- module-level variables and constants, static class fields: leaf definitions
; (graphmind/index/variables.py: `const` makes a constant). Functions bound by a declarator are
; functions above, not variables.
(program (lexical_declaration (variable_declarator name: (identifier) @name) @definition.variable))
(program (variable_declaration (variable_declarator name: (identifier) @name) @definition.variable))
(program (export_statement declaration: (lexical_declaration (variable_declarator name: (identifier) @name) @definition.variable)))
(program (export_statement declaration: (variable_declaration (variable_declarator name: (identifier) @name) @definition.variable)))
(class_body (field_definition "static" property: (property_identifier) @name) @definition.variable)
