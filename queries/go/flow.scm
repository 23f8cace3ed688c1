; Go name bindings, for typed receivers (see queries/README.md, "Flow queries").
; Parameters and receivers bind in the function they precede; struct fields bind in the struct.

(parameter_list (parameter_declaration name: (identifier) @name type: (_) @value)) @binding.annot
(var_spec name: (identifier) @name type: (_) @value) @binding.annot
(var_spec name: (identifier) @name !type value: (expression_list . (_) @value)) @binding.assign
(short_var_declaration left: (expression_list . (identifier) @name) right: (expression_list . (_) @value)) @binding.assign
; `a, b := x, y` (and a third): each name holds the value in its place
(short_var_declaration left: (expression_list . (_) . (identifier) @name) right: (expression_list . (_) . (_) @value)) @binding.assign
(short_var_declaration left: (expression_list . (_) . (_) . (identifier) @name) right: (expression_list . (_) . (_) . (_) @value)) @binding.assign
; `a, b := f()`: b holds f's second result
(short_var_declaration left: (expression_list (_) . (identifier) @name) right: (expression_list . (call_expression) @value .)) @binding.second
(field_declaration name: (field_identifier) @name type: (_) @value) @binding.annot
; an embedded field is named by its type: `t.Base.M()`
(field_declaration !name type: [(type_identifier) @name (qualified_type name: (type_identifier) @name)] @value) @binding.annot
; `switch v := x.(type) { case *T: … }`: from each case's line on, v holds a T; in a case of several types
; (`case A, B:`) and in `default:`, what x holds, as go/types reads it (graphmind/index/flowfacts.py, "case")
(type_switch_statement alias: (expression_list (identifier) @name) value: (_) @value [(type_case) (default_case)] @case) @binding.case
; `for _, v := range xs`: v holds what `xs[i]` holds (a slice, map or array declared in place reads as its
; element already; a named one, `type Path []Step`, through lang/go.py's ELEMENTS)
(range_clause left: (expression_list (_) . (identifier) @name .) right: (_) @value) @binding.element
; `type Path []Step`: an element of a Path (`range`, `p[i]`) holds a Step (lang/go.py's ELEMENTS)
(type_spec name: (type_identifier) @name type: [(slice_type element: (_) @value) (array_type element: (_) @value)
                                                (map_type value: (_) @value)]) @binding.element_type
(function_declaration result: (_) @value) @binding.returns
; `type EqualFunc func(x, y int) Result`: calling a value of it gives a Result (lang/go.py's prepare)
(type_spec type: (function_type result: (_) @value)) @binding.returns
(method_declaration result: (_) @value) @binding.returns
; an interface's method: `Parent() Node` in `type Node interface {…}`
(method_elem result: (_) @value) @binding.returns

; Reads of package-level constants and variables: `pkg.Name` (a member read) and bare names where a
; value is read; kept only as `read` edges to a definition (graphmind/resolve/reads.py).
(selector_expression operand: (identifier) @object field: (field_identifier) @name) @implicit.attribute
(call_expression function: (selector_expression) @called)
[(argument_list (identifier) @name)
 (assignment_statement right: (expression_list (identifier) @name))
 (short_var_declaration right: (expression_list (identifier) @name))
 (return_statement (expression_list (identifier) @name))
 (var_spec value: (expression_list (identifier) @name))
 (const_spec value: (expression_list (identifier) @name))
 (expression_case value: (expression_list (identifier) @name))
 (binary_expression (identifier) @name)
 (unary_expression operand: (identifier) @name)
 (index_expression operand: (identifier) @name)
 (index_expression index: (identifier) @name)
 (literal_value (literal_element (identifier) @name))
 (keyed_element value: (literal_element (identifier) @name))
 (selector_expression operand: (identifier) @name)
 (parenthesized_expression (identifier) @name)
 (send_statement value: (identifier) @name)] @implicit.read

; `//go:build !purego` (or `// +build !purego`) before the package clause, bound under its own text:
; lang/go.py keeps a file's definitions for a default build (linux, amd64) over their namesakes in
; files it leaves out
((comment) @name @value (#match? @value "^//(go:build| \\+build) ")) @binding.build
