import ImpressionTracking
import PropertyBased
import Testing

/// Properties over random traces (random reports, ticks and lifecycle changes on
/// a fake clock), for three minimum durations and both reporting modes.
@Suite struct ImpressionPropertyTests {
    static let minimums: [Duration] = [.milliseconds(500), .seconds(1), .seconds(2)]

    static func rules(_ minimumIndex: Int, onExit: Bool) -> ImpressionCriteria {
        ImpressionCriteria(minimumDuration: minimums[minimumIndex], reporting: onExit ? .onExit : .atQualification,
                        commitInterval: .seconds(5))
    }

    static func sorted(_ list: [Expected]) -> [Expected] {
        list.sorted { ($0.visit, $0.item, $0.qualified) < ($1.visit, $1.item, $1.qualified) }
    }

    @Test func everyImpressionHasAnUnbrokenWindowOfTheMinimumDuration() async {
        await propertyCheck(input: RandomTraces.steps, Gen.int(in: 0...2), Gen.bool()) { steps, minimumIndex, onExit in
            let rules = Self.rules(minimumIndex, onExit: onExit)
            let trace = RandomTraces.trace(steps)
            for impression in try ImpressionReplay.impressions(of: trace, rules: rules) {
                #expect(impression.qualifiedAt - impression.firstVisibleAt == rules.minimumDuration)
                #expect(impression.visibleDuration >= rules.minimumDuration)
                #expect(impression.maxRatio >= rules.threshold)
                // Straight from the trace: inside the window nothing paused counting,
                // and every report showed the item at or above the threshold.
                let inside = trace.entries.filter { $0.time > impression.firstVisibleAt && $0.time < impression.qualifiedAt }
                for entry in inside {
                    switch entry.input {
                    case .stop, .background, .suspend, .newVisit, .restart:
                        Issue.record("\(entry.input.typeName) at \(entry.time) inside the window of \(impression.itemID)")
                    case .report(let report):
                        let ratio = report.items.filter { $0.id == impression.itemID }.map {
                            VisibleRatio.of(item: $0.frame, in: report.viewport, occludedBy: report.occluders)
                        }.max() ?? 0
                        #expect(ratio >= rules.threshold, "\(impression.itemID) dropped to \(ratio) at \(entry.time)")
                    default:
                        break
                    }
                }
            }
        }
    }

    @Test func everyLongEnoughWindowYieldsAnImpressionInItsVisit() async {
        await propertyCheck(input: RandomTraces.steps, Gen.int(in: 0...2), Gen.bool()) { steps, minimumIndex, onExit in
            let rules = Self.rules(minimumIndex, onExit: onExit)
            let trace = RandomTraces.trace(steps)
            let impressions = try ImpressionReplay.impressions(of: trace, rules: rules)
            let minimum = rules.minimumDuration
            for window in RandomTraces.windows(of: trace, rules: rules)
            where MonotonicInstant(nanoseconds: window.end) - MonotonicInstant(nanoseconds: window.start) >= minimum {
                let qualified = MonotonicInstant(nanoseconds: window.start) + minimum
                // This window counted, or an earlier one of the same item in the same visit did.
                #expect(impressions.contains { $0.itemID == window.item && $0.visit == window.visit && $0.qualifiedAt <= qualified },
                        "\(window.item) visible enough from \(window.start) to \(window.end) in visit \(window.visit)")
            }
        }
    }

    @Test func atMostOneImpressionPerVisitAndItem() async {
        await propertyCheck(input: RandomTraces.steps, Gen.int(in: 0...2), Gen.bool()) { steps, minimumIndex, onExit in
            let impressions = try ImpressionReplay.impressions(of: RandomTraces.trace(steps), rules: Self.rules(minimumIndex, onExit: onExit))
            var seen = Set<String>()
            for impression in impressions {
                #expect(seen.insert("\(impression.visit)/\(impression.itemID)").inserted,
                        "\(impression.itemID) twice in visit \(impression.visit)")
            }
        }
    }

    @Test func pollingCadenceDoesNotChangeTheResult() async {
        await propertyCheck(input: RandomTraces.steps, Gen.int(in: 0...2), Gen.bool()) { steps, minimumIndex, onExit in
            let rules = Self.rules(minimumIndex, onExit: onExit)
            let trace = RandomTraces.trace(steps)
            let frame: Int64 = 16_666_667

            // Ticking at every 120 Hz-ish frame between inputs.
            var everyFrame = try ImpressionEngine(rules: rules)
            var framed: [ImpressionBatch] = []
            // Ticking only at the deadlines the engine announces.
            var atDeadlines = try ImpressionEngine(rules: rules)
            var deadlined: [ImpressionBatch] = []
            var wakeUps = 0
            // Not ticking at all.
            var never = try ImpressionEngine(rules: rules)
            var unticked: [ImpressionBatch] = []

            var previous: Int64 = 0
            for entry in trace.entries {
                var tick = previous + frame
                while tick < entry.time.nanoseconds {
                    everyFrame.advance(to: MonotonicInstant(nanoseconds: tick))
                    framed += everyFrame.takeCommittedBatches()
                    tick += frame
                }
                while let deadline = atDeadlines.nextDeadline, deadline <= entry.time {
                    atDeadlines.advance(to: deadline)
                    deadlined += atDeadlines.takeCommittedBatches()
                    wakeUps += 1
                }
                ImpressionTrace.apply(entry, to: &everyFrame)
                ImpressionTrace.apply(entry, to: &atDeadlines)
                ImpressionTrace.apply(entry, to: &never)
                framed += everyFrame.takeCommittedBatches()
                deadlined += atDeadlines.takeCommittedBatches()
                unticked += never.takeCommittedBatches()
                previous = entry.time.nanoseconds
            }
            // End as the replay does, so that everything produced is committed.
            let end = MonotonicInstant(nanoseconds: previous)
            everyFrame.stop(at: end); framed += everyFrame.takeCommittedBatches()
            atDeadlines.stop(at: end); deadlined += atDeadlines.takeCommittedBatches()
            never.stop(at: end); unticked += never.takeCommittedBatches()
            #expect(framed == deadlined)
            #expect(framed == unticked)
            // Every wake-up at a deadline qualifies an item or commits a batch.
            #expect(wakeUps <= deadlined.count + deadlined.reduce(0) { $0 + $1.impressions.count })
        }
    }

    @Test func theEngineAgreesWithTheModelExactly() async {
        await propertyCheck(input: RandomTraces.steps, Gen.int(in: 0...2), Gen.bool()) { steps, minimumIndex, onExit in
            let rules = Self.rules(minimumIndex, onExit: onExit)
            let trace = RandomTraces.trace(steps)
            let actual = try ImpressionReplay.impressions(of: trace, rules: rules).map(Expected.init)
            #expect(Self.sorted(actual) == Self.sorted(RandomTraces.expectedImpressions(of: trace, rules: rules)))
        }
    }

    @Test func batchesComeInTimeOrderAfterWhatTheyCarry() async {
        await propertyCheck(input: RandomTraces.steps, Gen.int(in: 0...2), Gen.bool()) { steps, minimumIndex, onExit in
            let rules = Self.rules(minimumIndex, onExit: onExit)
            let batches = try ImpressionReplay.batches(of: RandomTraces.trace(steps), rules: rules)
            #expect(zip(batches, batches.dropFirst()).allSatisfy { $0.committedAt <= $1.committedAt })
            for batch in batches {
                #expect(!batch.impressions.isEmpty)
                for impression in batch.impressions {
                    let producedAt = onExit ? impression.firstVisibleAt + impression.visibleDuration : impression.qualifiedAt
                    #expect(producedAt <= batch.committedAt)
                    if batch.reason == .cycle, !onExit {
                        // A cycle hands on what qualified since the previous one; only
                        // a suspension (no commit, the cycle restarts on resume) delays it.
                        #expect(batch.committedAt - impression.qualifiedAt <= rules.commitInterval
                                || steps.contains { $0.kind == 16 })
                    }
                }
            }
        }
    }

    @Test func tracesSurviveTheirTextForm() async {
        await propertyCheck(count: 50, input: RandomTraces.steps) { steps in
            let trace = RandomTraces.trace(steps)
            let parsed = try ImpressionTrace(jsonLines: trace.jsonLines)
            #expect(parsed == trace)
        }
    }
}
