/// The options of `impression-replay`, resolved against the rules a recording
/// names in its header: the recording's rules are used, an option given on the
/// command line replaces its rule with a warning when the two differ, and
/// numbers that are not finite or out of range are refused with a clear error
/// (instead of trapping while converting them to nanoseconds).
package struct ReplayOptions: Sendable, Hashable {
    package var minDuration: Double?
    package var threshold: Double?
    package var ratio: RatioMeasure?
    package var reporting: ImpressionCriteria.Reporting?
    package var commitInterval: Double?

    package init(minDuration: Double? = nil, threshold: Double? = nil, ratio: RatioMeasure? = nil,
                reporting: ImpressionCriteria.Reporting? = nil, commitInterval: Double? = nil) {
        self.minDuration = minDuration
        self.threshold = threshold
        self.ratio = ratio
        self.reporting = reporting
        self.commitInterval = commitInterval
    }

    /// The rules to replay `trace` with, and a warning per option that differs
    /// from the recording's rules (and for dropped entries).
    package func resolve(for trace: ImpressionTrace) throws(ReplayOptionError) -> (rules: ImpressionCriteria, warnings: [String]) {
        let minimum = try minDuration.map { value throws(ReplayOptionError) in try Self.duration(value, option: "--min-duration") }
        let interval = try commitInterval.map { value throws(ReplayOptionError) in try Self.duration(value, option: "--commit-interval") }
        if let threshold, !(threshold.isFinite && threshold > 0 && threshold <= 1) {
            throw ReplayOptionError(message: "--threshold must be a number with 0 < R <= 1; got \(threshold)")
        }

        var warnings: [String] = []
        var rules: ImpressionCriteria
        if let recorded = trace.rules {
            rules = recorded
            func override<Value: Equatable>(_ option: Value?, _ keyPath: WritableKeyPath<ImpressionCriteria, Value>,
                                            _ name: String, _ text: (Value) -> String) {
                guard let option else { return }
                if option != recorded[keyPath: keyPath] {
                    warnings.append("\(name) \(text(option)) differs from the recording's \(text(recorded[keyPath: keyPath])); replaying with \(text(option))")
                }
                rules[keyPath: keyPath] = option
            }
            override(threshold, \.threshold, "--threshold") { "\($0)" }
            override(ratio, \.measure, "--ratio") { $0.rawValue }
            override(reporting, \.reporting, "--mode") { $0 == .atQualification ? "qualify" : "exit" }
            override(minimum, \.minimumDuration, "--min-duration") { Self.seconds($0) }
            override(interval, \.commitInterval, "--commit-interval") { Self.seconds($0) }
        } else {
            let minimum = minimum ?? .seconds(1)
            rules = ImpressionCriteria(threshold: threshold ?? 0.5, measure: ratio ?? .area, minimumDuration: minimum,
                                    reporting: reporting ?? .atQualification,
                                    commitInterval: interval ?? max(.seconds(10), minimum * 2))
        }
        if trace.droppedEntries > 0 {
            warnings.append("the recording reached its cap and dropped its \(trace.droppedEntries) oldest entries; impressions of that time are missing")
        }
        do { try rules.validate() } catch { throw ReplayOptionError(message: "\(error)") }
        return (rules, warnings)
    }

    private static func duration(_ seconds: Double, option: String) throws(ReplayOptionError) -> Duration {
        let limit = MonotonicInstant.maximumSeconds
        guard seconds.isFinite, seconds > 0, seconds <= limit else {
            throw ReplayOptionError(message: "\(option) must be a finite number of seconds, greater than 0 and at most \(JSONText.number(limit)); got \(seconds)")
        }
        return .nanoseconds(MonotonicInstant(seconds: seconds).nanoseconds)
    }

    private static func seconds(_ duration: Duration) -> String {
        "\(MonotonicInstant(nanoseconds: duration.nanosecondsValue))s"
    }
}

/// An option of `impression-replay` that cannot be used.
package struct ReplayOptionError: Error, Sendable, Hashable, CustomStringConvertible {
    package var message: String
    package init(message: String) { self.message = message }
    package var description: String { message }
}
