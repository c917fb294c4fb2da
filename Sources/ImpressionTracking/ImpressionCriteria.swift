/// What "seen" means. Every rule is configurable; the defaults follow the MRC
/// display viewability guideline (half of the item for one continuous second),
/// and `twoThirdsHeightForTwoSeconds` reproduces the list-tracker variant
/// (two thirds of a row's height for two seconds). See docs/impressions.md.
public struct ImpressionCriteria: Sendable, Hashable {
    /// When an impression is reported.
    public enum Reporting: String, Sendable, Hashable, CaseIterable {
        /// As soon as the item has been visible enough for the minimum duration.
        case atQualification
        /// When the qualifying dwell ends (scrolled away, stop, background, a new
        /// visit), carrying the full dwell time and the largest ratio of the dwell.
        case onExit
    }

    /// Visible ratio at or above which an item counts as visible (MRC: 0.5).
    public var threshold: Double
    /// How the ratio is measured (default: area).
    public var measure: RatioMeasure
    /// How long the ratio must hold without a break (MRC: 1 second).
    public var minimumDuration: Duration
    /// When impressions are reported.
    public var reporting: Reporting
    /// How often pending impressions are handed on in one batch; must be longer
    /// than `minimumDuration` (the commit-and-push cycle; 10 s by default).
    public var commitInterval: Duration

    public init(
        threshold: Double = 0.5,
        measure: RatioMeasure = .area,
        minimumDuration: Duration = .seconds(1),
        reporting: Reporting = .atQualification,
        commitInterval: Duration = .seconds(10)
    ) {
        self.threshold = threshold
        self.measure = measure
        self.minimumDuration = minimumDuration
        self.reporting = reporting
        self.commitInterval = commitInterval
    }

    /// The defaults: half of the item by area for one continuous second.
    public static let mrc = ImpressionCriteria()

    /// Two thirds of the height for two continuous seconds.
    public static let twoThirdsHeightForTwoSeconds = ImpressionCriteria(
        threshold: 2.0 / 3.0, measure: .height, minimumDuration: .seconds(2))

    /// Throws when the rules cannot work together.
    public func validate() throws(ImpressionCriteriaError) {
        guard threshold > 0, threshold <= 1 else { throw .thresholdOutOfRange(threshold) }
        guard minimumDuration > .zero else { throw .minimumDurationNotPositive(minimumDuration) }
        guard commitInterval > minimumDuration else {
            throw .commitIntervalNotLongerThanMinimumDuration(commitInterval, minimumDuration)
        }
    }

    /// Tolerates the rounding of the ratio's floating-point arithmetic, so that
    /// exactly half of an item meets a threshold of 0.5.
    @inline(__always)
    func meetsThreshold(_ ratio: Double) -> Bool { ratio >= threshold - 1e-9 }
}

/// Why a set of rules was refused.
public enum ImpressionCriteriaError: Error, Sendable, Hashable, CustomStringConvertible {
    case thresholdOutOfRange(Double)
    case minimumDurationNotPositive(Duration)
    case commitIntervalNotLongerThanMinimumDuration(Duration, Duration)

    public var description: String {
        switch self {
        case .thresholdOutOfRange(let value):
            "threshold \(value) is outside 0 < threshold <= 1"
        case .minimumDurationNotPositive(let value):
            "minimum duration \(value) must be positive"
        case .commitIntervalNotLongerThanMinimumDuration(let interval, let minimum):
            "commit interval \(interval) must be longer than the minimum duration \(minimum)"
        }
    }
}
