; Swift tags for graphmind. Vocabulary: queries/README.md.

; ---- definitions -------------------------------------------------------

(class_declaration
  declaration_kind: ["class" "actor"]
  name: (type_identifier) @name
  body: (_) @body) @definition.class

(class_declaration
  declaration_kind: "struct"
  name: (type_identifier) @name
  body: (_) @body) @definition.struct

(class_declaration
  declaration_kind: "enum"
  name: (type_identifier) @name
  body: (_) @body) @definition.enum

; `extension T: P { }` is a scope named after T, so its members nest under T
; (like a Rust impl block; readers merge it with T's own definition by name)
(class_declaration
  declaration_kind: "extension"
  name: (user_type (type_identifier) @name .)
  body: (_) @body) @definition.type

(protocol_declaration
  name: (type_identifier) @name
  body: (protocol_body) @body) @definition.interface

(protocol_function_declaration
  name: (simple_identifier) @name) @definition.method

(typealias_declaration
  name: (type_identifier) @name) @definition.type

; functions in a type body are methods; at file level or nested in code, functions
(class_body
  (function_declaration
    name: (simple_identifier) @name
    body: (function_body) @body) @definition.method)

(enum_class_body
  (function_declaration
    name: (simple_identifier) @name
    body: (function_body) @body) @definition.method)

(source_file
  (function_declaration
    name: (simple_identifier) @name
    body: (function_body) @body) @definition.function)

(statements
  (function_declaration
    name: (simple_identifier) @name
    body: (function_body) @body) @definition.function)

; init(...) { }: @name is the `init` keyword; deinit likewise
(init_declaration
  name: "init" @name
  body: (function_body)? @body) @definition.constructor

(deinit_declaration
  "deinit" @name
  body: (function_body) @body) @definition.method

; ---- inheritance: class A: Base, Proto ---------------------------------

(inheritance_specifier
  inherits_from: [
    (user_type (type_identifier) @name .)
    (user_type (type_identifier) @name . (type_arguments))
  ]) @reference.inherit

; ---- calls -------------------------------------------------------------

(call_expression
  .
  (simple_identifier) @name) @reference.call

; obj.m(), self.m(), Type.m(), obj?.m()
(call_expression
  .
  (navigation_expression
    target: (_) @receiver
    suffix: (navigation_suffix
      suffix: (simple_identifier) @name))) @reference.call

; ---- imports: import Foundation; import struct Mod.Type ----------------
; @name is the whole dotted path as written.

(import_declaration
  (identifier) @name) @reference.import
