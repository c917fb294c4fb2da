/// What the parse stage hands on: the document's root node, or the reasons
/// there is none.
package struct YAMLParseResult: Sendable {
    /// The root mapping; `nil` when ``diagnostics`` holds an error.
    package var root: Node?
    package var diagnostics: [Diagnostic]

    package init(root: Node?, diagnostics: [Diagnostic]) {
        self.root = root
        self.diagnostics = diagnostics
    }
}
