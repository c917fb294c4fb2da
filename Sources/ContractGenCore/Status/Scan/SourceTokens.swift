/// The tokens the Swift and Kotlin lexers hand on: only what the call and
/// import patterns need; comments and string contents never become tokens
/// (interpolations' code does).
struct SourceToken {
    enum Kind: UInt8 {
        case identifier, dot, openParen, equals, star, semicolon, other
    }

    var kind: Kind
    /// The identifier's bytes (backticks excluded), or the punctuation's.
    var start: Int
    var end: Int
    /// Whether a line break (or a comment holding one) comes between this token and the one before.
    var newlineBefore: Bool

    static let none = SourceToken(kind: .other, start: 0, end: 0, newlineBefore: true)
}

/// Receives a file's tokens in order.
protocol SourceTokenSink {
    mutating func consume(_ token: SourceToken, in file: UnsafeBufferPointer<UInt8>)
}

/// The last four tokens, newest first.
struct TokenWindow {
    var t0 = SourceToken.none, t1 = SourceToken.none, t2 = SourceToken.none, t3 = SourceToken.none

    mutating func push(_ token: SourceToken) {
        t3 = t2; t2 = t1; t1 = t0; t0 = token
    }
}

/// Byte classes both lexers use.
enum SourceBytes {
    static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || byte == 0x5F || byte >= 0x80
    }

    static func isIdentifierPart(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || (byte >= 0x30 && byte <= 0x39)
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// Whether `file[start..<end]` spells `word`.
    static func equals(_ file: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ word: StaticString) -> Bool {
        guard end - start == word.utf8CodeUnitCount else { return false }
        let bytes = word.utf8Start
        for index in 0..<(end - start) where file[start + index] != bytes[index] { return false }
        return true
    }

    static func string(_ file: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: file[start..<end]), as: UTF8.self)
    }
}

/// A set of names, tested against a token's bytes without making a string
/// for the many identifiers that cannot be in it.
struct NameFilter: Sendable {
    private var lengths: Set<Int> = []
    private var firstBytes = [Bool](repeating: false, count: 256)
    private(set) var names: Set<String> = []

    init<S: Sequence>(_ names: S) where S.Element == String {
        for name in names { insert(name) }
    }

    mutating func insert(_ name: String) {
        guard let first = name.utf8.first else { return }
        names.insert(name)
        lengths.insert(name.utf8.count)
        firstBytes[Int(first)] = true
    }

    /// The name the token spells, when it is one of the set.
    func name(_ file: UnsafeBufferPointer<UInt8>, _ token: SourceToken) -> String? {
        guard token.kind == .identifier, token.end > token.start, firstBytes[Int(file[token.start])], lengths.contains(token.end - token.start) else {
            return nil
        }
        let name = SourceBytes.string(file, token.start, token.end)
        return names.contains(name) ? name : nil
    }
}

/// 1-based line and column (in UTF-16 code units, as TypeScript and editors count) of `offset`.
struct LineCounter {
    private var line = 1
    private var lineStart = 0
    private var scanned = 0

    /// Positions must be asked for in increasing order.
    mutating func position(of offset: Int, in file: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        while scanned < offset {
            if file[scanned] == 0x0A { line += 1; lineStart = scanned + 1 }
            scanned += 1
        }
        var column = 1
        var index = lineStart
        while index < offset {
            let byte = file[index]
            if byte & 0xC0 != 0x80 { column += byte >= 0xF0 ? 2 : 1 }
            index += 1
        }
        return (line, column)
    }
}
