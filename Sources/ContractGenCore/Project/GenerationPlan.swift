import Foundation

/// What one `contractgen generate` run does: which targets, from which contract, into which
/// folders. Decided from the project file (if any) and the flags given on the command line,
/// which override it; the command line only prints what this decides.
package enum GenerationPlan {
    /// The contract path `generate` reads without a project file or an argument.
    package static let defaultContract = "contract/contract.yaml"
    /// The output folder of the Swift target without a project file or `--output`.
    package static let defaultOutput = "Generated"

    /// The flags given on the command line (`nil`: not given).
    package struct Flags: Sendable, Equatable {
        package var contract: String?
        package var target: String?
        package var output: String?
        /// Target options given as flags (``CodeTarget/options``: `--package` is `package`), by key.
        package var options: [String: String]
        /// `--project PATH`, as given (not the project file found in the current directory).
        package var project: String?

        package init(
            contract: String? = nil, target: String? = nil, output: String? = nil, options: [String: String] = [:], project: String? = nil
        ) {
            self.contract = contract
            self.target = target
            self.output = output
            self.options = options
            self.project = project
        }
    }

    /// One target to generate.
    package struct Step: Sendable, Equatable {
        package var contract: String
        package var target: String
        package var output: String
        /// The target's options, the flags' over the project file's (``CodeTarget/configured(with:)``).
        package var options: [String: String]
        /// The command that regenerates this target, for `--check`'s message.
        package var regenerateCommand: String
    }

    /// A combination of project file and flags that names no clear set of targets.
    package struct PlanError: Error, Sendable, Equatable, CustomStringConvertible {
        package var description: String
    }

    /// The targets to generate, in order: the project file's (all of them, or the one `--target`
    /// names), or without a project file the one the flags say (Swift into Generated/ by default).
    package static func steps(project: ProjectFile?, flags: Flags) throws(PlanError) -> [Step] {
        if let target = flags.target, CodeTargets.target(id: target) == nil {
            throw PlanError(description: "unknown target '\(target)'; targets are \(CodeTargets.ids.joined(separator: ", "))")
        }
        guard let project else {
            let target = flags.target ?? CodeTargets.defaultTarget.id
            try checkOptions(flags.options, target: target)
            return [Step(
                contract: flags.contract ?? defaultContract, target: target, output: flags.output ?? defaultOutput,
                options: flags.options, regenerateCommand: command(flags, target: target, project: nil))]
        }
        var targets: [ProjectFile.Target]
        if let id = flags.target {
            if let listed = project.target(id: id) {
                targets = [listed]
            } else if let output = flags.output {
                targets = [ProjectFile.Target(id: id, output: output, outputAsWritten: output)]
            } else {
                throw PlanError(description: "\(project.path) lists no target '\(id)' (it lists \(project.targets.map(\.id).joined(separator: ", "))); "
                    + "add it there, or give --output to generate it once")
            }
        } else {
            targets = project.targets
            if targets.count > 1, flags.output != nil || !flags.options.isEmpty {
                let flag = flags.output != nil ? "--output" : "--" + flags.options.keys.sorted()[0]
                throw PlanError(description: "\(flag) applies to one target, and \(project.path) lists \(targets.count): name one with --target")
            }
        }
        return try targets.map { (target) throws(PlanError) -> Step in
            try checkOptions(flags.options, target: target.id)
            return Step(
                contract: flags.contract ?? project.contract, target: target.id, output: flags.output ?? target.output,
                options: target.options.merging(flags.options) { _, flag in flag }, regenerateCommand: command(flags, target: target.id, project: project))
        }
    }

    /// Each option flag given must be one of `target`'s, with a value it takes.
    private static func checkOptions(_ options: [String: String], target: String) throws(PlanError) {
        let targetOptions = CodeTargets.target(id: target)?.options ?? []
        for (key, value) in options.sorted(by: { $0.key < $1.key }) {
            guard let option = targetOptions.first(where: { $0.key == key }) else {
                let takers = CodeTargets.targets(takingOption: key).map { "--target \($0.id)" }.joined(separator: ", ")
                throw PlanError(description: "--\(key) applies to \(takers) only")
            }
            if let problem = option.problem(value) {
                throw PlanError(description: "--\(key) '\(value)' is not \(option.valueNoun): \(problem)")
            }
        }
    }

    /// The command that does again what these flags did for `target`: `contractgen generate` and the
    /// flags given (`--target` when a project file lists several); without a project file and flags,
    /// for Swift, README's `swift run contractgen`.
    static func command(_ flags: Flags, target: String, project: ProjectFile?) -> String {
        var words = ["contractgen", "generate"]
        if let file = flags.project { words += ["--project", file] }
        if let contract = flags.contract { words.append(contract) }
        if flags.target != nil || project == nil && target != CodeTargets.defaultTarget.id { words += ["--target", target] }
        if let output = flags.output { words += ["--output", output] }
        for (key, value) in flags.options.sorted(by: { $0.key < $1.key }) { words += ["--" + key, value] }
        if project == nil, target == CodeTargets.defaultTarget.id {
            // Swift teams run the generator through SwiftPM (README).
            return (["swift", "run"] + (words.count == 2 ? ["contractgen"] : words)).map(shellQuoted).joined(separator: " ")
        }
        return words.map(shellQuoted).joined(separator: " ")
    }

    /// `word` as a POSIX shell reads it back: as it is when it holds only safe characters, else in single quotes.
    static func shellQuoted(_ word: String) -> String {
        let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-/=:@+,%")
        if !word.isEmpty, word.allSatisfy(safe.contains) { return word }
        return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
