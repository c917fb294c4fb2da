// swift-tools-version: 6.1
// Benchmarks, kept out of the main package so that apps and CI never build them.
// Validation: `swift run -c release ValidationBenchmark` (see docs/performance.md).
import PackageDescription

let package = Package(
    name: "Benchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "contractgen", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "ValidationBenchmark",
            dependencies: [.product(name: "ContractGenCore", package: "contractgen")],
            path: "Sources/ValidationBenchmark"
        ),
    ],
    swiftLanguageModes: [.v6]
)
