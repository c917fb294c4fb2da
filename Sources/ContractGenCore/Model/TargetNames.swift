/// The names a contract chose for one element in each code target
/// (`names: { swift: …, kotlin: …, typescript: … }`; `swiftName:` is an alias
/// of `names.swift`), keyed by the target's id. The model knows no target:
/// the reader checks the ids and the names against ``CodeTargets``, and each
/// target reads its own entry.
package struct TargetNames: Sendable, Hashable {
    /// Target id -> the name chosen for it. Almost always empty.
    package private(set) var byTarget: [String: String]

    package init(_ byTarget: [String: String] = [:]) {
        self.byTarget = byTarget
    }

    /// The name chosen for the target with id `target`; `nil` to derive it.
    package subscript(target: String) -> String? {
        get { byTarget[target] }
        set { byTarget[target] = newValue }
    }
}
