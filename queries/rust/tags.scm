; Rust tags for graphmind. Vocabulary: queries/README.md.

; ---- definitions -------------------------------------------------------

; free functions: at file level, in a `mod { }`, nested in a block
(source_file
  (function_item
    name: (identifier) @name
    body: (block) @body) @definition.function)

(mod_item
  body: (declaration_list
    (function_item
      name: (identifier) @name
      body: (block) @body) @definition.function))

(block
  (function_item
    name: (identifier) @name
    body: (block) @body) @definition.function)

; fns of impl and trait blocks are methods (associated functions included)
(impl_item
  body: (declaration_list
    (function_item
      name: (identifier) @name
      body: (block) @body) @definition.method))

(trait_item
  body: (declaration_list
    [
      (function_item name: (identifier) @name body: (block) @body)
      (function_signature_item name: (identifier) @name)
    ] @definition.method))

; an impl block is a scope named after its type, so its methods nest under the type
; (the type may have several impl blocks: readers merge them by name)
(impl_item
  type: [
    (type_identifier) @name
    (scoped_type_identifier name: (type_identifier) @name)
    (generic_type type: [
      (type_identifier) @name
      (scoped_type_identifier name: (type_identifier) @name)])
  ]
  body: (declaration_list) @body) @definition.type

(struct_item
  name: (type_identifier) @name
  body: (_)? @body) @definition.struct

(union_item
  name: (type_identifier) @name
  body: (_) @body) @definition.struct

(enum_item
  name: (type_identifier) @name
  body: (enum_variant_list) @body) @definition.enum

(trait_item
  name: (type_identifier) @name
  body: (declaration_list) @body) @definition.trait

(mod_item
  name: (identifier) @name
  body: (declaration_list)? @body) @definition.module

(type_item
  name: (type_identifier) @name) @definition.type

(macro_definition
  name: (identifier) @name) @definition.macro

; ---- inheritance: `impl Trait for Type`, supertraits --------------------

(impl_item
  trait: [
    (type_identifier) @name
    (scoped_type_identifier name: (type_identifier) @name)
    (generic_type type: [
      (type_identifier) @name
      (scoped_type_identifier name: (type_identifier) @name)])
  ] @reference.inherit)

(trait_item
  bounds: (trait_bounds
    [
      (type_identifier) @name
      (scoped_type_identifier name: (type_identifier) @name)
      (generic_type type: [
        (type_identifier) @name
        (scoped_type_identifier name: (type_identifier) @name)])
    ] @reference.inherit))

; ---- calls -------------------------------------------------------------

(call_expression
  function: [
    (identifier) @name
    (generic_function function: (identifier) @name)
  ]) @reference.call

; Type::assoc(), module::func(): the path is the receiver
(call_expression
  function: [
    (scoped_identifier path: (_) @receiver name: (identifier) @name)
    (generic_function function: (scoped_identifier path: (_) @receiver name: (identifier) @name))
  ]) @reference.call

; value.method()
(call_expression
  function: [
    (field_expression value: (_) @receiver field: (field_identifier) @name)
    (generic_function function: (field_expression value: (_) @receiver field: (field_identifier) @name))
  ]) @reference.call

(macro_invocation
  macro: [
    (identifier) @name
    (scoped_identifier path: (_) @receiver name: (identifier) @name)
  ]) @reference.call

; ---- imports -----------------------------------------------------------

; use a::b::C;  (name = the path a::b, symbol = C)
(use_declaration
  argument: (scoped_identifier
    path: (_) @name
    name: (identifier) @symbol)) @reference.import

; use a;
(use_declaration
  argument: (identifier) @name) @reference.import

; use a::b::C as D;  use a as b;
(use_declaration
  argument: (use_as_clause
    path: [
      (scoped_identifier path: (_) @name name: (identifier) @symbol)
      (identifier) @name
    ]
    alias: (identifier) @alias)) @reference.import

; use a::b::*;  (@symbol is the `*`)
(use_declaration
  argument: (use_wildcard
    [(scoped_identifier) (identifier) (crate) (super) (self)] @name
    "*" @symbol)) @reference.import

; use a::b::{self, C, D as E, f::G};  (nested lists keep only their innermost path)
(scoped_use_list
  path: (_) @name
  list: (use_list
    [
      (identifier) @symbol
      (scoped_identifier) @symbol
      (use_as_clause path: (_) @symbol alias: (identifier) @alias)
    ]) @reference.import)

(scoped_use_list
  path: (_) @name
  list: (use_list (self) @reference.import))

(extern_crate_declaration
  name: (identifier) @name
  alias: (identifier)? @alias) @reference.import

; Types named in parameters, fields, return types, let bindings, struct literals and generic
; arguments: dependencies, not calls.
(parameter type: (_) @reference.type)
(field_declaration type: (_) @reference.type)
(function_item return_type: (_) @reference.type)
(let_declaration type: (_) @reference.type)
(struct_expression name: (_) @reference.type)
(type_arguments) @reference.type
