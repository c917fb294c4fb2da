/// "Did you mean" hints by edit distance.
enum Suggestions {
    /// The candidate closest to `word`, when it is close enough to be a likely typo.
    static func closest(to word: String, among candidates: some Sequence<String>) -> String? {
        let target = folded(word)
        var best: (name: String, distance: Int)?
        for candidate in candidates where candidate != word {
            let other = folded(candidate)
            let allowed = max(1, min(3, max(target.count, other.count) / 3))
            // Lengths alone rule out most candidates, before any table is built.
            guard abs(target.count - other.count) <= allowed else { continue }
            let distance = editDistance(target, other)
            guard distance <= allowed else { continue }
            if best == nil || distance < best!.distance { best = (candidate, distance) }
        }
        return best?.name
    }

    /// `did you mean 'x'?`, or `nil`.
    static func didYouMean(_ word: String, among candidates: some Sequence<String>) -> String? {
        closest(to: word, among: candidates).map { "did you mean '\($0)'?" }
    }

    /// Case-folded Unicode scalars: typos in case count as no edit.
    private static func folded(_ word: String) -> [Unicode.Scalar] {
        Array(word.lowercased().unicodeScalars)
    }

    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        editDistance(a.flatMap(\.unicodeScalars), b.flatMap(\.unicodeScalars))
    }

    /// Levenshtein distance with adjacent transpositions counted as one edit.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
