// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "contractgen",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        // What apps link.
        .library(name: "TrackingCore", targets: ["TrackingCore"]),
        .library(name: "TrackingDispatcher", targets: ["TrackingDispatcher"]),
        .library(name: "ImpressionTracking", targets: ["ImpressionTracking"]),
        .library(name: "ScreenTracking", targets: ["ScreenTracking"]),
        // SwiftUI and UIKit adapters: screens, impressions, background time (Apple platforms only; builds empty elsewhere).
        .library(name: "AppleTrackingAdapters", targets: ["AppleTrackingAdapters"]),
        // Swift Testing helpers for apps' tests.
        .library(name: "TrackingTesting", targets: ["TrackingTesting"]),
        // The SQLite wrapper the dispatcher stores events with; the collector (Collector/) uses it too.
        .library(name: "TrackingSQLite", targets: ["TrackingSQLite"]),
        // gzip for request bodies: the dispatcher compresses, the collector (Collector/) inflates.
        .library(name: "TrackingGzip", targets: ["TrackingGzip"]),
        // The generated module for contract/contract.yaml.
        .library(name: "TrackingContract", targets: ["TrackingContract"]),
        // The collector's answers as Swift values, for the collector (Collector/) and what reads it (contractgen status).
        .library(name: "CollectorResponses", targets: ["CollectorResponses"]),
        // The generator.
        .library(name: "ContractGenCore", targets: ["ContractGenCore"]),
        .executable(name: "contractgen", targets: ["contractgen"]),
        .executable(name: "impression-replay", targets: ["impression-replay"]),
        // Plugins for apps: generate at build time, refresh the reviewed copy.
        .plugin(name: "ContractGenPlugin", targets: ["ContractGenPlugin"]),
        .plugin(name: "GenerateContractCode", targets: ["GenerateContractCode"]),
        .plugin(name: "ContractGenCommand", targets: ["ContractGenCommand"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.0"),
    ],
    targets: [
        // MARK: System libraries
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite3"])]
        ),
        // zlib, behind TrackingGzip: gzip request bodies (dispatcher) and inflate them (collectors).
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),

        // MARK: Runtime (Foundation, SQLite and zlib only)
        .target(name: "TrackingCore"),
        .target(
            name: "TrackingSQLite",
            dependencies: [.target(name: "CSQLite", condition: .when(platforms: [.linux, .android, .windows]))]
        ),
        .target(name: "TrackingGzip", dependencies: ["CZlib"]),
        .target(
            name: "TrackingDispatcher",
            dependencies: [
                "TrackingCore",
                "TrackingSQLite",
                "TrackingGzip",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(name: "ImpressionTracking", dependencies: ["TrackingCore"]),
        .target(name: "ScreenTracking", dependencies: ["TrackingCore", "ImpressionTracking"]),
        // Files wrapped in #if canImport(SwiftUI) / canImport(UIKit): empty on Linux.
        .target(
            name: "AppleTrackingAdapters",
            dependencies: ["TrackingCore", "ImpressionTracking", "ScreenTracking", "TrackingDispatcher"]
        ),
        .target(name: "TrackingTesting", dependencies: ["TrackingCore", "TrackingDispatcher"]),

        // MARK: Generator
        .target(name: "ContractGenCore", dependencies: ["CYAML", "TrackingCore", "CollectorResponses"]),

        // MARK: The collector's answers (written by Collector/, read by contractgen status and the tests; no app links it)
        .target(name: "CollectorResponses", dependencies: ["TrackingCore"]),
        .executableTarget(
            name: "contractgen",
            dependencies: [
                "ContractGenCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // MARK: Plugins
        .plugin(name: "ContractGenPlugin", capability: .buildTool(), dependencies: ["contractgen"]),
        .plugin(
            name: "GenerateContractCode",
            capability: .command(
                intent: .custom(verb: "generate-contract-code", description: "Rewrite Generated/ from contract/contract.yaml"),
                permissions: [.writeToPackageDirectory(reason: "Rewrites the reviewed copy of the generated code in Generated/")]
            ),
            dependencies: ["contractgen"]
        ),
        // `swift package contractgen validate|diff|…`: the build plugin's contractgen, without a second build of it.
        .plugin(
            name: "ContractGenCommand",
            capability: .command(
                intent: .custom(verb: "contractgen", description: "Run contractgen (validate, diff, schema, docs) on this package's contracts")
            ),
            dependencies: ["contractgen"]
        ),

        // MARK: The module generated from contract/contract.yaml at build time.
        // Generated/ is the reviewed copy of the same output; CI checks they are equal.
        .target(
            name: "TrackingContract",
            dependencies: ["TrackingCore"],
            exclude: ["contractgen.json"],
            plugins: ["ContractGenPlugin"]
        ),
        // Reference output for a contract of keywords and hostile strings (Tests/Reference/Hostile/contract.yaml):
        // compiling it is part of the test.
        .target(name: "HostileContract", dependencies: ["TrackingCore"], path: "Tests/Reference/Hostile/Generated"),
        // Reference output for a contract of names Swift, Foundation and generated code use
        // (Tests/Reference/Names/contract.yaml): app code beside it must compile unqualified.
        .target(name: "NamesContract", dependencies: ["TrackingCore"], path: "Tests/Reference/Names/Generated"),
        // Reference output for a contract of strings drawn from every class of code point
        // (Tests/Reference/CodePoints/contract.yaml, written by make-contract.py): read back scalar for scalar.
        .target(name: "CodePointsContract", dependencies: ["TrackingCore"], path: "Tests/Reference/CodePoints/Generated"),
        // The conformance contract's generated code and driver (Conformance/, docs/conformance.md): the corpus runs against it.
        .target(name: "ConformanceContract", dependencies: ["TrackingCore"], path: "Conformance/Swift"),

        // MARK: Tools
        // A child process for the dispatcher's crash-safety test (killed with SIGKILL).
        .executableTarget(
            name: "dispatcher-crash-child",
            dependencies: ["TrackingDispatcher", "TrackingCore"],
            path: "Tests/DispatcherCrashChild"
        ),
        .executableTarget(
            name: "impression-replay",
            dependencies: [
                "ImpressionTracking",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // MARK: Tests
        // What several test targets share (a seeded generator, finding the built executables, running a child process); in no product.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(
            name: "TrackingCoreTests",
            dependencies: ["TrackingCore", "TestSupport", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        .testTarget(
            name: "ContractGenCoreTests",
            dependencies: [
                "ContractGenCore", "CollectorResponses", "TrackingCore", "TrackingContract", "HostileContract", "NamesContract", "CodePointsContract",
                "ConformanceContract",
                // The dispatcher applies globals: Conformance/globals.json runs through it (GlobalsConformanceTests).
                "TrackingDispatcher",
                "TestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            exclude: ["Fixtures", "Goldens"]
        ),
        .testTarget(
            name: "TrackingDispatcherTests",
            dependencies: [
                "TrackingDispatcher", "TrackingTesting", "TrackingContract", "TrackingSQLite", "TrackingGzip", "TestSupport",
                "dispatcher-crash-child",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "ImpressionTrackingTests",
            dependencies: [
                "ImpressionTracking", "impression-replay", "TrackingTesting", "TestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            exclude: ["Traces"]
        ),
        // Type-checks every Swift block of README.md and docs/*.md against the built modules.
        .testTarget(name: "DocumentationTests", dependencies: ["TestSupport"]),
        .testTarget(
            name: "TrackingTestingTests",
            dependencies: ["TrackingTesting", "TrackingDispatcher", "TrackingContract"]
        ),
        .testTarget(
            name: "ScreenTrackingTests",
            dependencies: [
                "ScreenTracking", "ImpressionTracking", "TrackingDispatcher", "TrackingTesting", "TrackingContract",
                "AppleTrackingAdapters",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
