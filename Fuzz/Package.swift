// swift-tools-version: 6.1
// Fuzz targets (libFuzzer), kept out of the main package like Benchmarks/.
// Run them with `scripts/fuzz.sh <name|all> [seconds]` (docs/fuzzing.md):
// one executable per target at Sources/fuzz-<name>/, seed corpora in Corpus/<name>/.
//
// The code under test is compiled from the root package's own sources, through
// the symlinks in Sources/Shared/, not taken from the root package as a
// dependency: SwiftPM builds the tool of every build plugin in a dependency's
// graph, so depending on the root package built its plugin's contractgen (a
// second TrackingCore and ContractGenCore, in release with -sanitize=fuzzer)
// on every fuzz build, for nothing. The three targets below mirror the root
// manifest's (names, dependencies, no settings); keep them so.
import PackageDescription

let package = Package(
    name: "Fuzz",
    platforms: [.macOS(.v13)],
    targets: [
        // The root package's CYAML, TrackingCore, CollectorResponses and ContractGenCore (Sources/Shared/ links to ../Sources/).
        .systemLibrary(name: "CYAML", path: "Sources/Shared/CYAML", pkgConfig: "yaml-0.1"),
        .target(name: "TrackingCore", path: "Sources/Shared/TrackingCore"),
        .target(name: "CollectorResponses", dependencies: ["TrackingCore"], path: "Sources/Shared/CollectorResponses"),
        .target(name: "ContractGenCore", dependencies: ["CYAML", "TrackingCore", "CollectorResponses"], path: "Sources/Shared/ContractGenCore"),
        // What every target shares: entering libFuzzer's driver from the target's own main.
        .target(name: "FuzzDriver", path: "Sources/FuzzDriver"),
        // The runtime's JSON parser (JSONValue.parse) and writer: parse, re-encode, re-parse.
        .executableTarget(
            name: "fuzz-json",
            dependencies: ["FuzzDriver", "TrackingCore"],
            path: "Sources/fuzz-json"
        ),
        // The payload check (ContractDescriptor.validate(payload:)) and the pii policy on any JSON.
        .executableTarget(
            name: "fuzz-payload",
            dependencies: ["FuzzDriver", "TrackingCore"],
            path: "Sources/fuzz-payload"
        ),
        // The pattern engine (ContractRegex): any pattern text, any value.
        .executableTarget(
            name: "fuzz-pattern",
            dependencies: ["FuzzDriver", "TrackingCore"],
            path: "Sources/fuzz-pattern"
        ),
        // The contract front end (ContractLoader.load): any bytes to diagnostics, text and JSON.
        .executableTarget(
            name: "fuzz-contract",
            dependencies: [
                "FuzzDriver",
                "ContractGenCore",
                "TrackingCore",
            ],
            path: "Sources/fuzz-contract"
        ),
        // Generation (ContractGenerator.sources(of:)) from contracts a grammar builds out of the bytes;
        // a sample of the output goes through `swiftc` (type-checked by scripts/fuzz.sh).
        .executableTarget(
            name: "fuzz-generate",
            dependencies: ["FuzzDriver", "ContractGenCore"],
            path: "Sources/fuzz-generate"
        ),
    ],
    swiftLanguageModes: [.v6]
)
