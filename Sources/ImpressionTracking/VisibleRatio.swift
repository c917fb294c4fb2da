/// Computes how much of an item is visible: the part inside the viewport and not
/// covered by any occluder, over the item's size, clamped to the viewport's size
/// on each axis so that an item larger than the viewport counts by the share of
/// the viewport it fills (otherwise a very tall item could never qualify).
public enum VisibleRatio {
    /// The visible ratio in `0...1`.
    ///
    /// - Parameters:
    ///   - item: the item's frame.
    ///   - viewport: the scroll view's visible bounds.
    ///   - occluders: frames drawn over the list (sticky header, tab bar, keyboard).
    ///   - measure: by area or by height.
    public static func of(
        item: ScreenRect,
        in viewport: ScreenRect,
        occludedBy occluders: [ScreenRect] = [],
        measure: RatioMeasure = .area
    ) -> Double {
        guard let clip = item.intersection(viewport) else { return 0 }
        let fullHeight = Swift.min(item.height, viewport.height)
        let denominator: Double
        switch measure {
        case .area: denominator = Swift.min(item.width, viewport.width) * fullHeight
        case .height: denominator = fullHeight
        }
        guard denominator > 0 else { return 0 }
        let visible = uncovered(clip, occluders: occluders, measure: measure)
        return Swift.min(1, Swift.max(0, visible / denominator))
    }

    /// The uncovered area (or height) of `clip`. Occluders are few (a header, a
    /// tab bar, a keyboard), so a sweep over horizontal slabs is exact and cheap;
    /// scratch space lives on the stack to keep the per-frame path free of heap
    /// allocations.
    static func uncovered(_ clip: ScreenRect, occluders: [ScreenRect], measure: RatioMeasure) -> Double {
        let whole = measure == .area ? clip.area : clip.height
        if occluders.isEmpty { return whole }
        var relevant = 0
        for occluder in occluders where occluder.intersection(clip) != nil { relevant += 1 }
        if relevant == 0 { return whole }

        return withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * relevant + 2) { ys in
            withUnsafeTemporaryAllocation(of: (Double, Double).self, capacity: relevant) { spans in
                // Slab boundaries: the clip's edges and every occluder edge inside it.
                var yCount = 0
                ys[yCount] = clip.minY; yCount += 1
                ys[yCount] = clip.maxY; yCount += 1
                for occluder in occluders {
                    guard let part = occluder.intersection(clip) else { continue }
                    ys[yCount] = part.minY; yCount += 1
                    ys[yCount] = part.maxY; yCount += 1
                }
                insertionSort(ys, count: yCount)

                var result = 0.0
                var index = 0
                while index + 1 < yCount {
                    let y0 = ys[index], y1 = ys[index + 1]
                    index += 1
                    guard y1 > y0 else { continue }
                    // Horizontal spans of the occluders crossing this slab.
                    var spanCount = 0
                    for occluder in occluders {
                        guard let part = occluder.intersection(clip), part.minY < y1, part.maxY > y0 else { continue }
                        spans[spanCount] = (part.minX, part.maxX)
                        spanCount += 1
                    }
                    let covered = unionLength(spans, count: spanCount)
                    switch measure {
                    case .area:
                        result += (clip.width - covered) * (y1 - y0)
                    case .height:
                        // A row counts while any of it shows.
                        if covered < clip.width * (1 - 1e-12) { result += y1 - y0 }
                    }
                }
                return result
            }
        }
    }

    private static func insertionSort(_ values: UnsafeMutableBufferPointer<Double>, count: Int) {
        guard count > 1 else { return }
        for i in 1..<count {
            let value = values[i]
            var j = i - 1
            while j >= 0, values[j] > value {
                values[j + 1] = values[j]
                j -= 1
            }
            values[j + 1] = value
        }
    }

    private static func unionLength(_ spans: UnsafeMutableBufferPointer<(Double, Double)>, count: Int) -> Double {
        guard count > 0 else { return 0 }
        // Sort by start, then merge.
        if count > 1 {
            for i in 1..<count {
                let span = spans[i]
                var j = i - 1
                while j >= 0, spans[j].0 > span.0 {
                    spans[j + 1] = spans[j]
                    j -= 1
                }
                spans[j + 1] = span
            }
        }
        var total = 0.0
        var (start, end) = spans[0]
        for i in 1..<count {
            let (s, e) = spans[i]
            if s > end {
                total += end - start
                (start, end) = (s, e)
            } else if e > end {
                end = e
            }
        }
        return total + (end - start)
    }
}
