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

    /// The keys that choose an element's names in targets, wherever the contract may name one (fields,
    /// objects, kinds, events): each target's own key (``CodeTarget/chosenNameAlias``, `swiftName`), then `names`.
    /// Every key of a target option (``CodeTarget/options``), each once, in registry order.
    package static let optionKeys: [String] = {
        var keys: [String] = []
        for option in all.flatMap(\.options) where !keys.contains(option.key) { keys.append(option.key) }
        return keys
    }()

    /// The targets that take the option `key`, in registry order.
    package static func targets(takingOption key: String) -> [any CodeTarget] {
        all.filter { $0.options.contains { $0.key == key } }
    }

    package static let chosenNameKeys: [String] = chosenNameAliases.map(\.key) + ["names"]

    /// The targets that have a key of their own for a chosen name, with that key (Swift, `swiftName`).
    package static let chosenNameAliases: [(target: any CodeTarget, key: String)] = all.compactMap { target in
        target.chosenNameAlias.map { (target, $0) }
    }
}
