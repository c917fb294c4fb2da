// SwiftUI and UIKit adapters for ScreenTracking and ImpressionTracking. Every
// file of this target is wrapped in `#if canImport(SwiftUI)` or
// `#if canImport(UIKit)`: on Linux the target builds empty. This repository's
// CI has no Apple machine and does not compile those files (docs/apple-uis.md).
@_exported import ImpressionTracking
@_exported import ScreenTracking
