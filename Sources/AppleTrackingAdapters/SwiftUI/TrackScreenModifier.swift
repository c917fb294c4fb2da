#if canImport(SwiftUI)
import ScreenTracking
import SwiftUI

extension View {
    /// Enters `screen` when this view appears and exits it when it disappears.
    /// To send an exit interaction, call `screen.exit(interaction:)` before
    /// navigating away; the disappearance then changes nothing.
    public func trackScreen<Interaction: Sendable>(_ screen: ScreenTracker<Interaction>) -> some View {
        onAppear { screen.enter() }
            .onDisappear { screen.exit() }
    }
}
#endif
