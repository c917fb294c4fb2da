// swift-tools-version: 6.1
// Benchmarks, kept out of the main package so that apps and CI never build them.
// Validation: `swift run -c release ValidationBenchmark` (see docs/performance.md).
// Impressions: `swift package benchmark --target ImpressionBenchmarks` (ordo-one/benchmark).
// Encoding: `swift package --disable-sandbox benchmark --target EncodingBenchmarks`.
import PackageDescription

let package = Package(
    name: "Benchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "contractgen", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.0", traits: ["MallocInterposer"]),
    ],
    targets: [
        // The system SQLite, for the raw-insert baseline (the package's own CSQLite is not a product).
        .systemLibrary(name: "CSQLiteBench", path: "Sources/CSQLiteBench", pkgConfig: "sqlite3"),
        .executableTarget(
            name: "ValidationBenchmark",
            dependencies: [.product(name: "ContractGenCore", package: "contractgen")],
            path: "Sources/ValidationBenchmark"
        ),
        // The pattern engine: `swift run -c release PatternBenchmark [rounds]`.
        .executableTarget(
            name: "PatternBenchmark",
            dependencies: [.product(name: "TrackingCore", package: "contractgen")],
            path: "Sources/PatternBenchmark"
        ),
        // What the dispatcher's benchmark and PersistProbe share: the event, the configuration, the raw baseline.
        .target(
            name: "DispatcherFixture",
            dependencies: [
                .product(name: "TrackingContract", package: "contractgen"),
                .product(name: "TrackingDispatcher", package: "contractgen"),
                "CSQLiteBench",
            ],
            path: "Sources/DispatcherFixture"
        ),
        // Profiling aid for the dispatcher's persist path: `swift run -c release PersistProbe client|raw [rounds]`.
        .executableTarget(
            name: "PersistProbe",
            dependencies: [
                "DispatcherFixture",
                .product(name: "TrackingContract", package: "contractgen"),
                .product(name: "TrackingDispatcher", package: "contractgen"),
            ],
            path: "Sources/PersistProbe"
        ),
        // Caller latency of track and track(contentsOf:), alone and under flushing (issue 15):
        // `swift run -c release TrackingLatencyProbe bulk|contention`.
        .executableTarget(
            name: "TrackingLatencyProbe",
            dependencies: [
                "DispatcherFixture",
                .product(name: "TrackingCore", package: "contractgen"),
                .product(name: "TrackingDispatcher", package: "contractgen"),
            ],
            path: "Sources/TrackingLatencyProbe"
        ),
        .executableTarget(
            name: "ImpressionBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "ImpressionTracking", package: "contractgen"),
            ],
            path: "Benchmarks/ImpressionBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // Generated encoder vs JSONEncoder on an equivalent Codable struct (issue 3).
        .executableTarget(
            name: "EncodingBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "TrackingCore", package: "contractgen"),
                .product(name: "TrackingContract", package: "contractgen"),
            ],
            path: "Benchmarks/EncodingBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // The dispatcher: track() latency, persistence, delivery, a 100k backlog (issue 5).
        .executableTarget(
            name: "DispatcherBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "TrackingCore", package: "contractgen"),
                .product(name: "TrackingContract", package: "contractgen"),
                .product(name: "TrackingDispatcher", package: "contractgen"),
                "DispatcherFixture",
            ],
            path: "Benchmarks/DispatcherBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
