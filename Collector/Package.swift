// swift-tools-version: 6.1
// The collector service (issue 13), a package of its own so that apps depending
// on the runtime resolve no server dependencies. It depends on the root package
// by path, as Benchmarks/ does.
//
//   swift run --package-path Collector tracking-collector --help
//   swift test --package-path Collector
//
// PostgreSQL storage (`--postgres`) is the opt-in trait `PostgreSQL`: PostgresNIO
// brings swift-nio-ssl and swift-crypto (BoringSSL), which would more than double
// the first build of a collector most users run on SQLite.
//
//   swift build --package-path Collector --traits PostgreSQL
import PackageDescription

/// The products and tests that need PostgresNIO, built only with the trait.
let withPostgreSQL = TargetDependencyCondition.when(traits: ["PostgreSQL"])

let package = Package(
    name: "Collector",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "TrackingCollectorKit", targets: ["TrackingCollectorKit"]),
        .executable(name: "tracking-collector", targets: ["tracking-collector"]),
    ],
    traits: [
        .trait(name: "PostgreSQL", description: "PostgreSQL storage (--postgres), through PostgresNIO (brings BoringSSL)."),
    ],
    dependencies: [
        .package(name: "contractgen", path: ".."),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.80.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.6.0"),
    ],
    targets: [
        // zlib for the tests' streaming gzip bombs (TestGzip); request bodies are
        // inflated with the root package's TrackingGzip.
        .systemLibrary(
            name: "CZlibCollector",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        .target(
            name: "TrackingCollectorKit",
            dependencies: [
                .product(name: "TrackingCore", package: "contractgen"),
                // The shapes of its answers, which contractgen status and the tests read with the same description.
                .product(name: "CollectorResponses", package: "contractgen"),
                .product(name: "TrackingSQLite", package: "contractgen"),
                .product(name: "TrackingGzip", package: "contractgen"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "PostgresNIO", package: "postgres-nio", condition: withPostgreSQL),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            resources: [.copy("MonitorPage")]
        ),
        .executableTarget(
            name: "tracking-collector",
            dependencies: [
                "TrackingCollectorKit",
                .product(name: "TrackingContract", package: "contractgen"),
                // Loads any contract given with --contract, with the generator's own loader.
                .product(name: "ContractGenCore", package: "contractgen"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "TrackingCollectorTests",
            dependencies: [
                "TrackingCollectorKit", "CZlibCollector", "tracking-collector",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "PostgresNIO", package: "postgres-nio", condition: withPostgreSQL),
                .product(name: "TrackingCore", package: "contractgen"),
                .product(name: "CollectorResponses", package: "contractgen"),
                .product(name: "TrackingContract", package: "contractgen"),
                .product(name: "TrackingDispatcher", package: "contractgen"),
                // The arrivals tests decode `GET /arrivals` with the shape `contractgen status` reads.
                .product(name: "ContractGenCore", package: "contractgen"),
            ],
            exclude: ["Browser"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
