/// The first stages of ``ContractLoader/load(bytes:file:)`` run alone, so that
/// they can be timed against the whole load (`Benchmarks/ValidationBenchmark`,
/// docs/performance.md). The parser itself and its tree are not public.
public enum FrontEndStages {
    /// Runs libyaml over `bytes` and only counts its events, building nothing:
    /// the bare cost of parsing. `nil` when libyaml reports an error.
    public static func libyamlEventCount(_ bytes: [UInt8]) -> Int? {
        YAMLParser.countEvents(bytes: bytes)
    }

    /// Parses `bytes` to the node tree, as a load does before it validates,
    /// and frees it; `true` when a tree was built (the YAML has no error).
    public static func parsesToTree(_ bytes: [UInt8], file: String) -> Bool {
        YAMLParser.parse(bytes: bytes, file: file).root != nil
    }
}
