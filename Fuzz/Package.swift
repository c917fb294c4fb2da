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
        // The runtime's JSON parser (JSONValue.parse) and writer: parse, re-encode, re-parse.
        .executableTarget(
            name: "fuzz-json",
            dependencies: [.product(name: "TrackingCore", package: "contractgen")],
            path: "Sources/fuzz-json"
        ),
        // The payload check (ContractDescriptor.validate(payload:)) and the pii policy on any JSON.
        .executableTarget(
            name: "fuzz-payload",
            dependencies: [.product(name: "TrackingCore", package: "contractgen")],
            path: "Sources/fuzz-payload"
        ),
        // The pattern engine (ContractRegex): any pattern text, any value.
        .executableTarget(
            name: "fuzz-pattern",
            dependencies: [.product(name: "TrackingCore", package: "contractgen")],
            path: "Sources/fuzz-pattern"
        ),
        // The contract front end (ContractLoader.load): any bytes to diagnostics, text and JSON.
        .executableTarget(
            name: "fuzz-contract",
            dependencies: [
                .product(name: "ContractGenCore", package: "contractgen"),
                .product(name: "TrackingCore", package: "contractgen"),
            ],
            path: "Sources/fuzz-contract"
        ),
    ],
    swiftLanguageModes: [.v6]
)
