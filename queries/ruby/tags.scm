; Ruby tags for graphmind. Vocabulary: queries/README.md.

; ---- definitions -------------------------------------------------------

; a `def` at file level is a function; anywhere else (class, module, block, def) a method
(program
  (method
    name: (_) @name
    body: (_)? @body) @definition.function)

((method
  name: (_) @name
  body: (_)? @body) @definition.constructor
 (#eq? @name "initialize"))

(body_statement
  (method
    name: (_) @name
    body: (_)? @body) @definition.method
  (#not-eq? @name "initialize"))

(block_body
  (method
    name: (_) @name
    body: (_)? @body) @definition.method
  (#not-eq? @name "initialize"))

(then
  (method
    name: (_) @name
    body: (_)? @body) @definition.method
  (#not-eq? @name "initialize"))

(else
  (method
    name: (_) @name
    body: (_)? @body) @definition.method
  (#not-eq? @name "initialize"))

; def self.build, def obj.thing
(singleton_method
  name: (_) @name
  body: (_)? @body) @definition.method

(class
  name: [
    (constant) @name
    (scope_resolution name: (constant) @name)
  ]
  body: (_)? @body) @definition.class

(module
  name: [
    (constant) @name
    (scope_resolution name: (constant) @name)
  ]
  body: (_)? @body) @definition.module

; ---- inheritance: `< Base`, and mixins: include / extend / prepend -----

(superclass
  [
    (constant) @name
    (scope_resolution name: (constant) @name)
  ] @reference.inherit)

(call
  !receiver
  method: (identifier) @_mixin
  arguments: (argument_list
    [
      (constant) @name
      (scope_resolution name: (constant) @name)
    ] @reference.inherit)
  (#any-of? @_mixin "include" "extend" "prepend"))

; ---- calls -------------------------------------------------------------
; Bare identifiers (`save` with no receiver, arguments or parentheses) are
; indistinguishable from local variables in the tree and are not calls here.

(call
  receiver: (_)? @receiver
  method: [(identifier) (constant)] @name) @reference.call

; ---- imports: require "x", require_relative "x", load "x" ---------------

((call
  !receiver
  method: (identifier) @_require
  arguments: (argument_list . (string (string_content) @name) .)) @reference.import
 (#any-of? @_require "require" "require_relative" "load"))
