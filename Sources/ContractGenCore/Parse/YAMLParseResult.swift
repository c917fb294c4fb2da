/// What the parse stage hands on: the document's root node, or the reasons
/// there is none.
public struct YAMLParseResult: Sendable {
    /// The root mapping; `nil` when ``diagnostics`` holds an error.
    public var root: Node?
    public var diagnostics: [Diagnostic]

    public init(root: Node?, diagnostics: [Diagnostic]) {
        self.root = root
        self.diagnostics = diagnostics
    }
}
