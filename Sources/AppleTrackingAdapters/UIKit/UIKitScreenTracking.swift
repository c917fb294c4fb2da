#if canImport(UIKit) && !os(watchOS)
import ScreenTracking
import UIKit

/// Keeps screen tracking out of view controllers' code: a view controller that
/// adopts it enters and exits its screen from `viewDidAppear`/`viewDidDisappear`
/// with one line each.
@MainActor
public protocol TrackedViewController: UIViewController {
    associatedtype Interaction: Sendable
    var screenTracker: ScreenTracker<Interaction> { get }
}

extension TrackedViewController {
    /// Call from `viewDidAppear(_:)`.
    public func screenDidAppear() { screenTracker.enter() }
    /// Call from `viewDidDisappear(_:)`; `interaction` is what led away, if known.
    public func screenDidDisappear(interaction: Interaction? = nil) { screenTracker.exit(interaction: interaction) }
}
#endif
