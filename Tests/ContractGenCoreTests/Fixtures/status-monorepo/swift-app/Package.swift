// swift-tools-version: 6.1
// A fixture for `contractgen status`: an app target calling the generated module,
// written to trip grep. scripts/status-e2e.sh builds and runs it: it sends what its
// code tracks through the dispatcher to the collector (docs/status.md, "End to end").
import PackageDescription

let package = Package(
    name: "ShopApp",
    platforms: [.macOS(.v13)],
    dependencies: [
        // This repository, by path, as Examples/ShopApp depends on it.
        .package(name: "contractgen", path: "../../../../.."),
    ],
    targets: [
        // The code contractgen generated from ../contract.yaml (StatusScanTests checks it is current).
        .target(name: "ShopTracking", dependencies: [.product(name: "TrackingCore", package: "contractgen")]),
        .executableTarget(
            name: "ShopApp",
            dependencies: ["ShopTracking", .product(name: "TrackingDispatcher", package: "contractgen")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
