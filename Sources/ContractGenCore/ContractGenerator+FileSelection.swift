extension ContractGenerator {
    /// Which of a target's files `generate` writes.
    public enum FileSelection: Sendable, Hashable {
        /// The files that declare something: what a reviewed copy (`Generated/`) holds, with no
        /// empty event shard in it.
        case withContent
        /// Every file the target declares, those that declare nothing as the generated header
        /// alone: the build plugin's outputs, which SwiftPM must know before the contract is read
        /// (`generate --declared-files`).
        case declared

        /// Those of `names` (files of `renderer`'s target) that this selection writes, in order.
        func names(_ names: [String], renderer: any TargetFileRenderer) -> [String] {
            self == .declared ? names : names.filter { !renderer.isEmpty(file: $0) }
        }
    }
}
