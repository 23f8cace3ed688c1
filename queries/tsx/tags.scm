; inherits: typescript
; TSX tags for graphmind: typescript/tags.scm (inherited above) plus JSX. Vocabulary: queries/README.md.


; ---- JSX: <Component/> renders (calls) Component; lower-case tags are HTML elements.
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
