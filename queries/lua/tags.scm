; Lua tags for graphmind. Vocabulary: queries/README.md.
; Lua has no class syntax: tables and metatables are runtime conventions. A table started empty at
; the top of a chunk (`local Account = {}`) is what a class or a module is made of: it is a class,
; and `function Account:m()` / `function Account.f()` written in the same file are its members.

; ---- definitions -------------------------------------------------------

(chunk
  [
    (variable_declaration (assignment_statement (variable_list . (identifier) @name .) (expression_list . (table_constructor) @body .)))
    (assignment_statement (variable_list . (identifier) @name .) (expression_list . (table_constructor) @body .))
  ] @definition.class
  (#eq? @body "{}"))

(function_declaration
  name: [
    (identifier) @name
    (dot_index_expression field: (identifier) @name)
  ]
  body: (block)? @body) @definition.function

(function_declaration
  name: (method_index_expression method: (identifier) @name)
  body: (block)? @body) @definition.method

; local f = function () end;  M.f = function () end
(assignment_statement
  (variable_list
    .
    [
      (identifier) @name
      (dot_index_expression field: (identifier) @name)
    ]
    .)
  (expression_list
    .
    (function_definition body: (block)? @body)
    .)) @definition.function

; ---- calls -------------------------------------------------------------

(function_call
  name: (identifier) @name) @reference.call

; M.f(), obj.a.b()
(function_call
  name: (dot_index_expression
    table: (_) @receiver
    field: (identifier) @name)) @reference.call

; obj:m(), self:m()
(function_call
  name: (method_index_expression
    table: (_) @receiver
    method: (identifier) @name)) @reference.call

; ---- imports: require "mod" / require("mod") ---------------------------

; local json = require("json")
(assignment_statement
  (variable_list . (identifier) @alias .)
  (expression_list
    .
    (function_call
      name: (identifier) @_require
      arguments: (arguments . (string content: (string_content) @name) .)) @reference.import
    .)
  (#eq? @_require "require"))

; require("mod") as a statement
(chunk
  (function_call
    name: (identifier) @_require
    arguments: (arguments . (string content: (string_content) @name) .)) @reference.import
  (#eq? @_require "require"))

(block
  (function_call
    name: (identifier) @_require
    arguments: (arguments . (string content: (string_content) @name) .)) @reference.import
  (#eq? @_require "require"))

; require("mod").setup(), require("mod"):m(), require("mod").field
(dot_index_expression
  table: (function_call
    name: (identifier) @_require
    arguments: (arguments . (string content: (string_content) @name) .)) @reference.import
  (#eq? @_require "require"))

(method_index_expression
  table: (function_call
    name: (identifier) @_require
    arguments: (arguments . (string content: (string_content) @name) .)) @reference.import
  (#eq? @_require "require"))
