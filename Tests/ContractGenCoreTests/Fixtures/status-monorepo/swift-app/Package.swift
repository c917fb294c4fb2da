// swift-tools-version: 6.1
// A fixture for `contractgen status` (never built): an app target calling the generated module.
import PackageDescription

let package = Package(
    name: "ShopApp",
    targets: [
        .target(name: "ShopTracking"),
        .executableTarget(name: "ShopApp", dependencies: ["ShopTracking"]),
    ]
)
