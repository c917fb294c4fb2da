import Foundation
import ImpressionTracking

/// One visit of a screen, as the app's factory receives it when the visit ends:
/// what the contract's page-view event needs.
public struct ScreenVisit<Interaction: Sendable>: Sendable {
    /// A new id for every visit; impressions of the visit carry the same one.
    public let uniqueViewId: UUID
    /// 1 for the tracker's first visit, then 2, 3…
    public let number: Int
    /// When the visit began and ended, on the tracker's clock.
    public let enteredAt: MonotonicInstant
    public let endedAt: MonotonicInstant
    /// Time on screen: from `enteredAt` to `endedAt` minus any time suspended
    /// (a visit ends when the app goes to the background, so that never counts).
    public let timeOnScreen: Duration
    /// How the visit ended.
    public let exit: ScreenExit<Interaction>

    /// ``timeOnScreen`` in seconds (what a contract's `double` field takes).
    public var secondsOnScreen: Double {
        let (seconds, attoseconds) = timeOnScreen.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// The interaction the app gave to `exit(interaction:)`, or `background`
    /// when the app went to the background (pass the contract's value for it).
    public func exitInteraction(background: Interaction?) -> Interaction? {
        switch exit {
        case .left(let interaction): interaction
        case .background: background
        }
    }
}

/// How a visit ended.
public enum ScreenExit<Interaction: Sendable>: Sendable {
    /// `exit(interaction:)`: the user left the screen (the interaction when the app gave one).
    case left(Interaction?)
    /// The app went to the background while the screen was shown ("exit to
    /// background"); coming back begins a new visit.
    case background
}

extension ScreenExit: Equatable where Interaction: Equatable {}
extension ScreenVisit: Equatable where Interaction: Equatable {}
