/// The registry of code targets: the one list `validate`, `diff` and
/// `generate --target` consult.
package enum CodeTargets {
    /// Every target, the default (Swift) first. Adding a target is one entry here.
    package static let all: [any CodeTarget] = [
        SwiftTarget(),
        TypeScriptTarget(),
        KotlinTarget(),
    ]

    /// The target `generate` uses when none is asked for.
    package static var defaultTarget: any CodeTarget { all[0] }

    /// The target with `id`, if there is one.
    package static func target(id: String) -> (any CodeTarget)? {
        all.first { $0.id == id }
    }

    /// Every target's id, in registry order (`swift, typescript, kotlin`).
    package static var ids: [String] { all.map(\.id) }
}
