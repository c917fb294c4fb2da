// swift-tools-version: 6.1
// Fuzz targets (libFuzzer), kept out of the main package like Benchmarks/.
// Run them with `scripts/fuzz.sh <name|all> [seconds]` (docs/fuzzing.md):
// one executable per target at Sources/fuzz-<name>/, seed corpora in Corpus/<name>/.
import PackageDescription

let package = Package(
    name: "Fuzz",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "contractgen", path: ".."),
    ],
    targets: [
        // What every target shares: entering libFuzzer's driver from the target's own main.
        .target(name: "FuzzDriver", path: "Sources/FuzzDriver"),
        // The runtime's JSON parser (JSONValue.parse) and writer: parse, re-encode, re-parse.
        .executableTarget(
            name: "fuzz-json",
            dependencies: ["FuzzDriver", .product(name: "TrackingCore", package: "contractgen")],
            path: "Sources/fuzz-json"
        ),
        // The payload check (ContractDescriptor.validate(payload:)) and the pii policy on any JSON.
        .executableTarget(
            name: "fuzz-payload",
            dependencies: ["FuzzDriver", .product(name: "TrackingCore", package: "contractgen")],
            path: "Sources/fuzz-payload"
        ),
        // The pattern engine (ContractRegex): any pattern text, any value.
        .executableTarget(
            name: "fuzz-pattern",
            dependencies: ["FuzzDriver", .product(name: "TrackingCore", package: "contractgen")],
            path: "Sources/fuzz-pattern"
        ),
        // The contract front end (ContractLoader.load): any bytes to diagnostics, text and JSON.
        .executableTarget(
            name: "fuzz-contract",
            dependencies: [
                "FuzzDriver",
                .product(name: "ContractGenCore", package: "contractgen"),
                .product(name: "TrackingCore", package: "contractgen"),
            ],
            path: "Sources/fuzz-contract"
        ),
        // Generation (ContractGenerator.sources(of:)) from contracts a grammar builds out of the bytes;
        // a sample of the output goes through `swiftc` (type-checked by scripts/fuzz.sh).
        .executableTarget(
            name: "fuzz-generate",
            dependencies: ["FuzzDriver", .product(name: "ContractGenCore", package: "contractgen")],
            path: "Sources/fuzz-generate"
        ),
    ],
    swiftLanguageModes: [.v6]
)
