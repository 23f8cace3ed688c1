; Python name bindings and implicit calls, for type-aware call resolution (see queries/README.md).

(assignment left: (identifier) @name right: (_) @value) @binding.assign
(assignment left: (identifier) @name type: (type) @value) @binding.annot
(assignment left: (attribute object: (identifier) @object attribute: (identifier) @name) right: (_) @value) @binding.attr
(assignment left: (attribute object: (identifier) @object attribute: (identifier) @name) type: (type) @value) @binding.attrannot
(assignment left: [(pattern_list (identifier) @name) (tuple_pattern (identifier) @name)]) @binding.local
(assignment left: [(pattern_list) (tuple_pattern)] @name right: [(expression_list) (tuple) (list)] @value) @binding.unpack
; `a, b = f()`: each name an element of what f returns (`-> tuple[A, B]`)
(assignment left: [(pattern_list) (tuple_pattern)] @name right: [(call) (identifier) (attribute) (await)] @value) @binding.unpack
(assignment left: (subscript value: (identifier) @name) right: (_) @value) @binding.item
(assignment left: (subscript value: (attribute object: (identifier) @object attribute: (identifier) @name)) right: (_) @value) @binding.attritem
; `i += n`: i is what `i.__iadd__(n)` or `i.__add__(n)` returns (flowfacts._binding writes that)
(augmented_assignment left: (identifier) @name operator: _ @op right: (_) @value) @binding.local
; `xs.append(v)`, `seen.add(v)`: v is an element of xs, as `xs[k] = v` makes it (not a binding of xs)
(call function: (attribute object: (identifier) @name attribute: (identifier) @_grow)
  arguments: (argument_list . (_) @value .) (#any-of? @_grow "append" "add" "appendleft")) @binding.item
(call function: (attribute object: (attribute object: (identifier) @object attribute: (identifier) @name) attribute: (identifier) @_grow)
  arguments: (argument_list . (_) @value .) (#any-of? @_grow "append" "add" "appendleft")) @binding.attritem

(parameters (identifier) @name) @binding.param
(parameters (default_parameter name: (identifier) @name)) @binding.param
; a default value is one more thing the parameter may hold (the callers' arguments are the others)
(parameters (default_parameter name: (identifier) @name value: (_) @value)) @binding.default
(parameters (list_splat_pattern (identifier) @name)) @binding.param
(parameters (dictionary_splat_pattern (identifier) @name)) @binding.param
(parameters (typed_parameter (identifier) @name type: (type) @value)) @binding.annot
(parameters (typed_parameter [(list_splat_pattern (identifier) @name) (dictionary_splat_pattern (identifier) @name)])) @binding.param
(parameters (typed_default_parameter name: (identifier) @name type: (type) @value)) @binding.annot
(parameters (typed_parameter (identifier) @name type: (type))) @binding.param
(parameters (typed_default_parameter name: (identifier) @name type: (type))) @binding.param
(lambda_parameters (identifier) @name) @binding.param

(function_definition return_type: (type) @value) @binding.returns
(return_statement (_) @value) @binding.return
(lambda body: (_) @value @binding.return)
(yield (_) @value) @binding.yield

(with_item value: (as_pattern (_) @value alias: (as_pattern_target (identifier) @name))) @binding.with
(for_statement left: (identifier) @name right: (_) @value) @binding.loop
(for_statement left: [(pattern_list (identifier) @name) (tuple_pattern (identifier) @name)]) @binding.local
; `for a, b in pairs`: each name an element of an element of pairs (`list[tuple[A, B]]`)
(for_statement left: [(pattern_list) (tuple_pattern)] @name right: (_) @value) @binding.unpackloop
(for_in_clause left: (identifier) @name right: (_) @value) @binding.loop
(for_in_clause left: [(pattern_list (identifier) @name) (tuple_pattern (identifier) @name)]) @binding.local
(except_clause (as_pattern alias: (as_pattern_target (identifier) @name))) @binding.local
(named_expression name: (identifier) @name value: (_) @value) @binding.assign
; `isinstance(x, C)`: where what x holds has no member called, x may be a C (read under "?x")
(call function: (identifier) @_check arguments: (argument_list . (identifier) @name . (_) @value .)
  (#eq? @_check "isinstance")) @binding.narrow
(global_statement (identifier) @name) @binding.global
(nonlocal_statement (identifier) @name) @binding.global

; Decorators of methods, recorded under "@name" in the class scope (properties are read as calls);
; a decorator factory's call too (`@route("/")`: what it returns decorates).
(decorated_definition
  (decorator [(identifier) (attribute) (call)] @value)
  definition: (function_definition name: (identifier) @name)) @binding.decorator

; Implicit calls: operators and subscripts on a receiver, with-statement protocol, callbacks.
(binary_operator left: (_) @object operator: _ @op) @implicit.operator
(comparison_operator . (_) @object . _ @op) @implicit.operator
(subscript value: (_) @object) @implicit.subscript
(with_item value: (_) @object) @implicit.with
(for_statement right: (_) @object) @implicit.iterate
(raise_statement [(identifier) (attribute)] @value) @implicit.raise
(call function: (identifier) @hof arguments: (argument_list [(identifier) (attribute)] @value)
  (#any-of? @hof "map" "filter" "sorted" "min" "max" "reduce" "iter")) @implicit.callback
(call function: (identifier) @hof arguments: (argument_list (keyword_argument name: (identifier) value: [(identifier) (attribute)] @value))
  (#any-of? @hof "map" "filter" "sorted" "min" "max" "reduce" "iter")) @implicit.callback

; Reading an attribute: a call of the getter when it is a property (kept only then).
(attribute object: (_) @object attribute: (identifier) @name) @implicit.attribute

; Reading a bare name where a value is read: a `read` edge when it is a module- or class-level
; variable or constant (kept only for names the file defines or imports as such, once per scope).
[(argument_list (identifier) @name)
 (keyword_argument value: (identifier) @name)
 (assignment right: (identifier) @name)
 (augmented_assignment right: (identifier) @name)
 (return_statement (identifier) @name)
 (subscript value: (identifier) @name)
 (subscript subscript: (identifier) @name)
 (binary_operator (identifier) @name)
 (comparison_operator (identifier) @name)
 (boolean_operator (identifier) @name)
 (not_operator argument: (identifier) @name)
 (unary_operator argument: (identifier) @name)
 (list (identifier) @name)
 (tuple (identifier) @name)
 (set (identifier) @name)
 (pair (identifier) @name)
 (expression_list (identifier) @name)
 (conditional_expression (identifier) @name)
 (if_statement condition: (identifier) @name)
 (elif_clause condition: (identifier) @name)
 (while_statement condition: (identifier) @name)
 (for_statement right: (identifier) @name)
 (for_in_clause right: (identifier) @name)
 (interpolation expression: (identifier) @name)
 (default_parameter value: (identifier) @name)
 (typed_default_parameter value: (identifier) @name)
 (list_splat (identifier) @name)
 (dictionary_splat (identifier) @name)
 (parenthesized_expression (identifier) @name)
 (assert_statement (identifier) @name)
 (with_item value: (identifier) @name)
 (yield (identifier) @name)
 (lambda body: (identifier) @name)
 (slice (identifier) @name)] @implicit.read
; `REGISTRY.register()`, `settings.DEBUG`: the head of a member read or call is a read too:
; index/flowfacts.py takes it from the @implicit.attribute match above (a pattern of its own would be
; a second match for every `x.y`).
; A variable of the file called or applied as a decorator: `handler()`, `@pass_script_info`
[(call function: (identifier) @name) (decorator (identifier) @name)] @implicit.readcall

; `raise x.E`: a call site already, not a member read of `E` (so is `x.m()`: the extractor passes the
; call sites of its tag query to index/flowfacts.py, which also reads their arguments from them).
(raise_statement (attribute) @called)
