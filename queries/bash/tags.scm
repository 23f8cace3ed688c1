; Bash tags for graphmind. Vocabulary: queries/README.md.

; ---- definitions: f() { }, function f { } -------------------------------

(function_definition
  name: (word) @name
  body: (_) @body) @definition.function

; ---- calls: every simple command (functions, builtins and programs alike) --

(command
  name: (command_name (word) @name)) @reference.call

; ---- imports: source FILE, . FILE ---------------------------------------
; @name is the file argument as written; a double-quoted path made of plain text is
; captured without its quotes, one with expansions ("$DIR/x.sh") or single quotes keeps them.

((command
  name: (command_name (word) @_source)
  .
  argument: [(word) (concatenation) (simple_expansion) (expansion) (raw_string)] @name) @reference.import
 (#any-of? @_source "source" "."))

((command
  name: (command_name (word) @_source)
  .
  argument: (string . (string_content) @name .)) @reference.import
 (#any-of? @_source "source" "."))

((command
  name: (command_name (word) @_source)
  .
  argument: [
    (string . (string_content) . (_))
    (string . [(simple_expansion) (expansion) (command_substitution) (arithmetic_expansion)])
  ] @name) @reference.import
 (#any-of? @_source "source" "."))
