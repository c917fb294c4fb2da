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

    /// The statements `print` prints when given ``marker`` as the value.
    init(_ print: (inout KotlinPrinter, String) -> Void) {
        var printer = KotlinPrinter(depth: 0, capacity: 128)
        print(&printer, Self.marker)
        bytes = printer.bytes
    }
}

/// A parameter of a generated event function, or the fresh value made from one: `p3`, `e3`.
struct KotlinValueName {
    let letter: UInt8
    let index: Int

    static func parameter(_ index: Int) -> KotlinValueName { KotlinValueName(letter: UInt8(ascii: "p"), index: index) }
    static func fresh(_ index: Int) -> KotlinValueName { KotlinValueName(letter: UInt8(ascii: "e"), index: index) }
}
