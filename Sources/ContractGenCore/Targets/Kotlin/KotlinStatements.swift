/// Statements printed once at depth 0 with ``marker`` standing for the value
/// they read, then copied for each use at the printer's depth with the value
/// put in (``KotlinPrinter/print(_:value:)``): a field's checks and writes
/// are the same in every event that takes it, bar the parameter's name.
struct KotlinStatements: Sendable {
    /// The lines, each ended by `\n`, indented relative to depth 0.
    let bytes: [UInt8]

    /// Stands for the value: a control character, which every literal in the statements escapes.
    static let marker = "\u{01}"
    static let markerByte: UInt8 = 0x01

    /// The bytes cut up where a line ends or the value stands, in order: what
    /// ``KotlinPrinter/print(_:value:)`` copies whole, found once rather than per copy.
    let runs: [Run]

    /// The bytes before ``end`` (from the end of the run before), then a line's end, or the value when ``endsAtMarker``.
    struct Run: Sendable {
        /// Where the run's bytes end: after its line end, or at its marker.
        let end: Int
        let endsAtMarker: Bool
    }

    /// The statements `print` prints when given ``marker`` as the value.
    init(_ print: (inout KotlinPrinter, String) -> Void) {
        var printer = KotlinPrinter(depth: 0, capacity: 128)
        print(&printer, Self.marker)
        bytes = printer.bytes
        var runs: [Run] = []
        var start = 0
        while start < bytes.count {
            guard let stop = bytes[start...].firstIndex(where: { $0 == Self.markerByte || $0 == UInt8(ascii: "\n") }) else {
                runs.append(Run(end: bytes.count, endsAtMarker: false))
                break
            }
            if bytes[stop] == Self.markerByte {
                runs.append(Run(end: stop, endsAtMarker: true))
                start = stop + 1
            } else {
                runs.append(Run(end: stop + 1, endsAtMarker: false))
                start = stop + 1
            }
        }
        self.runs = runs
    }
}

/// A parameter of a generated event function, or the fresh value made from one: `p3`, `e3`.
struct KotlinValueName {
    let letter: UInt8
    let index: Int

    static func parameter(_ index: Int) -> KotlinValueName { KotlinValueName(letter: UInt8(ascii: "p"), index: index) }
    static func fresh(_ index: Int) -> KotlinValueName { KotlinValueName(letter: UInt8(ascii: "e"), index: index) }
}
