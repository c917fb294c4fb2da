// swift-tools-version: 6.1
import PackageDescription

// An app built the way users build: it depends on contractgen by path (by URL
// in a real app), keeps its own contract beside the module that holds its
// events, and lets the ContractGenPlugin generate them on every build where
// the contract changed.
let package = Package(
    name: "ShopApp",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [
        // In an app: a path to a checkout, or the git URL your team clones it from (README, "Use it in your app")
        .package(name: "contractgen", path: "../.."),
    ],
    targets: [
        // The contract lives at Sources/ShopEvents/contract.yaml; the plugin
        // turns it into the typed events of this module.
        .target(
            name: "ShopEvents",
            dependencies: [.product(name: "TrackingCore", package: "contractgen")],
            exclude: ["contract.yaml"],
            plugins: [.plugin(name: "ContractGenPlugin", package: "contractgen")]
        ),
        // The screens' tracking, kept out of the views (and tested on its own).
        .target(
            name: "ShopTracking",
            dependencies: [
                "ShopEvents",
                .product(name: "ScreenTracking", package: "contractgen"),
                .product(name: "ImpressionTracking", package: "contractgen"),
            ]
        ),
        .executableTarget(
            name: "shop-app",
            dependencies: [
                "ShopEvents",
                "ShopTracking",
                .product(name: "TrackingDispatcher", package: "contractgen"),
                .product(name: "ImpressionTracking", package: "contractgen"),
                .product(name: "ScreenTracking", package: "contractgen"),
            ]
        ),
        .testTarget(
            name: "ShopAppTests",
            dependencies: [
                "ShopEvents",
                "ShopTracking",
                .product(name: "TrackingTesting", package: "contractgen"),
                .product(name: "TrackingDispatcher", package: "contractgen"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
