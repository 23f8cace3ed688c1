; Python definitions, calls, imports and bases.

(class_definition
  name: (identifier) @name
  body: (block) @body) @definition.class

(function_definition
  name: (identifier) @name
  body: (block) @body) @definition.function

; A lambda bound to a name is a definition named by its target; any other lambda is one too, named
; `<lambdaN>` by its place in its scope (graphmind/index/python/lambdas.py; @name is the keyword).
(assignment
  left: (identifier) @name
  right: (lambda body: (_) @body)) @definition.function

(lambda "lambda" @name body: (_) @body) @definition.function

(call
  function: (identifier) @name) @reference.call

(call
  function: (attribute
    object: (_) @receiver
    attribute: (identifier) @name)) @reference.call

; Calls through a subscript: `handlers[op](x)` (dispatch tables); @name is the whole `handlers[op]`.
(call
  function: (subscript value: (_) @receiver) @name) @reference.call

; Calling what a call returns: `app.errorhandler(code)(f)`; @name is the inner call.
(call
  function: (call) @name) @reference.call

; Calling a lambda where it is written: `(lambda: setup())()`.
(call
  function: (parenthesized_expression (lambda)) @name) @reference.call

; Decorators without arguments are calls of the decorator; a decorator written as a call
; (`@route("/")`) is a call of what that call returns (@name is the call).
(decorator (identifier) @name) @reference.call
(decorator (attribute object: (_) @receiver attribute: (identifier) @name)) @reference.call
(decorator (call) @name) @reference.call

(import_statement
  name: (dotted_name) @name) @reference.import

(import_statement
  name: (aliased_import
    name: (dotted_name) @name
    alias: (identifier) @alias)) @reference.import

(import_from_statement
  module_name: (_) @name
  name: (dotted_name) @symbol) @reference.import

(import_from_statement
  module_name: (_) @name
  name: (aliased_import
    name: (dotted_name) @symbol
    alias: (identifier) @alias)) @reference.import

(import_from_statement
  module_name: (_) @name
  (wildcard_import) @symbol) @reference.import

(class_definition
  superclasses: (argument_list
    [(identifier) @name
     (attribute attribute: (identifier) @name)] @reference.inherit))

; A subscripted base (`Repository[Entry]`, `Generic[T]`): the class subscripted is the base.
(class_definition
  superclasses: (argument_list
    (subscript value: [(identifier) @name
                       (attribute attribute: (identifier) @name)] @reference.inherit)))

; Types named in annotations, isinstance/issubclass and except clauses: dependencies, not calls
; (each name inside becomes a `reference` site: graphmind/index/references.py).
(type) @reference.type

(except_clause value: (_) @reference.type)

(call
  function: (identifier) @_check
  arguments: (argument_list . (_) . (_) @reference.type)
  (#any-of? @_check "isinstance" "issubclass"))

; Module- and class-level variables and constants (`NAME = …`, `NAME: T = …`, `NAME: T`): leaf
; definitions, never scopes (graphmind/index/variables.py). At module level also inside `if`/`try`
; blocks; never in a function body, never `self.x`. An UPPER_CASE name is a constant.
(module (assignment left: (identifier) @name) @definition.variable)
(module (_ [(block (assignment left: (identifier) @name) @definition.variable)
            (_ (block (assignment left: (identifier) @name) @definition.variable))]))
(class_definition body: (block (assignment left: (identifier) @name) @definition.variable))
