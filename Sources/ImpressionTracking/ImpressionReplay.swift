/// Runs a trace through a fresh engine.
package enum ImpressionReplay {
    /// Every batch the trace produces. At the end of the trace the engine is
    /// stopped (or flushed, when already stopped) at the last entry's time, so
    /// nothing stays pending.
    package static func batches(of trace: ImpressionTrace, rules: ImpressionCriteria) throws(ImpressionCriteriaError) -> [ImpressionBatch] {
        var engine = try ImpressionEngine(rules: rules)
        var batches: [ImpressionBatch] = []
        for entry in trace.entries {
            ImpressionTrace.apply(entry, to: &engine)
            batches += engine.takeCommittedBatches()
        }
        if let end = trace.entries.last?.time {
            if engine.isStarted { engine.stop(at: end) } else { engine.flush(at: end) }
            batches += engine.takeCommittedBatches()
        }
        return batches
    }

    /// Every impression the trace produces, in delivery order.
    package static func impressions(of trace: ImpressionTrace, rules: ImpressionCriteria) throws(ImpressionCriteriaError) -> [Impression] {
        try batches(of: trace, rules: rules).flatMap(\.impressions)
    }

    /// What `impression-replay` prints: one JSON object per impression, in
    /// delivery order, each batch optionally preceded by a line describing it.
    package static func jsonLines(of batches: [ImpressionBatch], withBatchLines: Bool = false) -> String {
        var output = ""
        for batch in batches {
            if withBatchLines {
                output += "{\"batch\":\"\(batch.reason.rawValue)\",\"committedAt\":\(batch.committedAt),\"count\":\(batch.impressions.count)}\n"
            }
            for impression in batch.impressions { output += impression.jsonLine + "\n" }
        }
        return output
    }
}
