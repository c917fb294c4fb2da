import ImpressionTracking

/// What a screen needs of the impression drivers it drives (whatever their clock).
@MainActor
protocol ScreenDrivenImpressions: AnyObject {
    var isStarted: Bool { get }
    var impressionVisit: Int { get }
    func stop()
    func restart()
    func beginVisit()
    func enterBackground()
    func enterForeground()
    func suspend()
    func resume()
}

extension ImpressionDriver: ScreenDrivenImpressions {
    var isStarted: Bool { tracker.engine.isStarted }
    var impressionVisit: Int { tracker.engine.visit }
}
