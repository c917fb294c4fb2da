/// Finds calls of the generated Swift functions (`Shop.addToCart(…)`): a
/// lexer that knows comments (nested `/* */`), string literals (multi-line,
/// raw `#"…"#`, interpolations `\(…)` whose inside is code), then the token
/// pattern qualifier `.` function `(`, across line breaks before the `(` but
/// not between the name and it, the qualifier being the namespace or a
/// `typealias` of it (collected from every file scanned, then resolved).
enum SwiftCallScanner {
    static func scan(_ files: [SourceFile], names: EventFunctionNames) -> LexedLanguageScan {
        let functions = NameFilter(names.swiftFunctions.keys)
        let results = Concurrently.map(files) { file in scanFile(file, functions: functions) }

        // `typealias S = Shop` (or `= Module.Shop`, or an alias of an alias) anywhere names the namespace.
        var aliasTargets: [String: String] = [:]
        for case .scanned(_, let aliases) in results {
            for (name, target) in aliases { aliasTargets[name] = target }
        }
        var qualifiers: Set<String> = [names.swiftNamespace]
        var grew = true
        while grew {
            grew = false
            for (name, target) in aliasTargets where qualifiers.contains(target) && !qualifiers.contains(name) {
                qualifiers.insert(name)
                grew = true
            }
        }

        var scan = LexedLanguageScan()
        for (file, result) in zip(files, results) {
            switch result {
            case .generated: break
            case .notScanned(let note): scan.notes.append("\(file.shownPath): \(note)")
            case .scanned(let candidates, _):
                scan.filesScanned += 1
                for candidate in candidates where qualifiers.contains(candidate.qualifier) {
                    scan.sites.append(CallSite(
                        event: names.swiftFunctions[candidate.function]!, language: .swift, file: file.shownPath,
                        line: candidate.line, column: candidate.column))
                }
            }
        }
        return scan
    }

    /// A `qualifier.function(` found in one file, before knowing whether the qualifier is the namespace.
    struct Candidate: Sendable {
        var qualifier: String
        var function: String
        var line: Int
        var column: Int
    }

    enum FileResult: Sendable {
        case generated
        case notScanned(String)
        case scanned([Candidate], aliases: [(String, String)])
    }

    static func scanFile(_ file: SourceFile, functions: NameFilter) -> FileResult {
        let bytes: [UInt8]
        switch FileBytes.read(file.path, maxBytes: SourceTreeWalk.maxFileBytes) {
        case .success(let read): bytes = read
        case .failure(let failure): return .notScanned("not read (\(failure))")
        }
        return bytes.withUnsafeBufferPointer { buffer in
            if GeneratedHeader.marks(buffer) { return .generated }
            guard UTF8Check.isValid(buffer) else { return .notScanned("not UTF-8, not scanned") }
            var collector = SwiftCallCollector(functions: functions)
            SwiftLexer.lex(buffer, into: &collector)
            var lines = LineCounter()
            let candidates = collector.found.map { found in
                let position = lines.position(of: found.offset, in: buffer)
                return Candidate(qualifier: found.qualifier, function: found.function, line: position.line, column: position.column)
            }
            return .scanned(candidates, aliases: collector.aliases)
        }
    }
}

/// The call pattern and `typealias` declarations over one Swift file's tokens.
struct SwiftCallCollector: SourceTokenSink {
    let functions: NameFilter
    var window = TokenWindow()
    var found: [(qualifier: String, function: String, offset: Int)] = []
    var aliases: [(String, String)] = []

    /// Where a `typealias Name = A.B.C` declaration is.
    enum AliasState {
        case none, keyword, name(String), target(name: String, last: String?, expectingName: Bool)
    }
    var aliasState = AliasState.none

    init(functions: NameFilter) { self.functions = functions }

    mutating func consume(_ token: SourceToken, in file: UnsafeBufferPointer<UInt8>) {
        trackAlias(token, in: file)
        if token.kind == .openParen, !token.newlineBefore, window.t1.kind == .dot, window.t2.kind == .identifier,
           let function = functions.name(file, window.t0) {
            found.append((SourceBytes.string(file, window.t2.start, window.t2.end), function, window.t0.start))
        }
        window.push(token)
    }

    private mutating func trackAlias(_ token: SourceToken, in file: UnsafeBufferPointer<UInt8>) {
        switch aliasState {
        case .none:
            break
        case .keyword:
            aliasState = token.kind == .identifier ? .name(SourceBytes.string(file, token.start, token.end)) : .none
            return
        case .name(let name):
            aliasState = token.kind == .equals ? .target(name: name, last: nil, expectingName: true) : .none
            return
        case .target(let name, let last, let expectingName):
            if expectingName, token.kind == .identifier {
                aliasState = .target(name: name, last: SourceBytes.string(file, token.start, token.end), expectingName: false)
                return
            }
            if !expectingName, token.kind == .dot {
                aliasState = .target(name: name, last: last, expectingName: true)
                return
            }
            if let last, !expectingName { aliases.append((name, last)) }
            aliasState = .none
        }
        if token.kind == .identifier, SourceBytes.equals(file, token.start, token.end, "typealias") {
            aliasState = .keyword
        }
    }
}

/// Swift's lexical structure as far as finding calls needs it.
enum SwiftLexer {
    private enum Frame {
        /// Code; inside an interpolation, the parentheses open in it.
        case code(parens: Int)
        /// A string literal: its `#` count and whether it is `"""`.
        case string(hashes: Int, multiline: Bool)
    }

    static func lex<Sink: SourceTokenSink>(_ file: UnsafeBufferPointer<UInt8>, into sink: inout Sink) {
        let n = file.count
        var i = 0
        var newline = true
        var stack: [Frame] = [.code(parens: 0)]

        func emit(_ kind: SourceToken.Kind, _ start: Int, _ end: Int) {
            sink.consume(SourceToken(kind: kind, start: start, end: end, newlineBefore: newline), in: file)
            newline = false
        }
        func byte(_ index: Int) -> UInt8 { index < n ? file[index] : 0 }
        /// Whether `count` `#` follow `index`.
        func hashes(_ count: Int, at index: Int) -> Bool {
            guard index + count <= n else { return false }
            for offset in 0..<count where file[index + offset] != UInt8(ascii: "#") { return false }
            return true
        }

        while i < n {
            switch stack[stack.count - 1] {
            case .code(let parens):
                let b = file[i]
                switch b {
                case 0x0A:
                    newline = true; i += 1
                case 0x20, 0x09, 0x0D, 0x0C:
                    i += 1
                case UInt8(ascii: "/") where byte(i + 1) == UInt8(ascii: "/"):
                    while i < n, file[i] != 0x0A { i += 1 }
                case UInt8(ascii: "/") where byte(i + 1) == UInt8(ascii: "*"):
                    var depth = 1
                    i += 2
                    while i < n, depth > 0 {
                        if file[i] == UInt8(ascii: "/"), byte(i + 1) == UInt8(ascii: "*") { depth += 1; i += 2 }
                        else if file[i] == UInt8(ascii: "*"), byte(i + 1) == UInt8(ascii: "/") { depth -= 1; i += 2 }
                        else { if file[i] == 0x0A { newline = true }; i += 1 }
                    }
                case UInt8(ascii: "\""):
                    emit(.other, i, i + 1)
                    let multiline = byte(i + 1) == UInt8(ascii: "\"") && byte(i + 2) == UInt8(ascii: "\"")
                    i += multiline ? 3 : 1
                    stack.append(.string(hashes: 0, multiline: multiline))
                case UInt8(ascii: "#"):
                    var j = i
                    while j < n, file[j] == UInt8(ascii: "#") { j += 1 }
                    let count = j - i
                    if byte(j) == UInt8(ascii: "\"") {
                        emit(.other, i, j + 1)
                        let multiline = byte(j + 1) == UInt8(ascii: "\"") && byte(j + 2) == UInt8(ascii: "\"")
                        i = j + (multiline ? 3 : 1)
                        stack.append(.string(hashes: count, multiline: multiline))
                    } else if byte(j) == UInt8(ascii: "/") {
                        // An extended regex literal `#/…/#`: its text is no code.
                        emit(.other, i, j + 1)
                        i = j + 1
                        while i < n, !(file[i] == UInt8(ascii: "/") && hashes(count, at: i + 1)) { i += 1 }
                        i = min(n, i + 1 + count)
                    } else {
                        emit(.other, i, i + 1)
                        i += 1
                    }
                case UInt8(ascii: "`"):
                    var j = i + 1
                    while j < n, file[j] != UInt8(ascii: "`"), file[j] != 0x0A { j += 1 }
                    if byte(j) == UInt8(ascii: "`") {
                        emit(.identifier, i + 1, j)
                        i = j + 1
                    } else {
                        emit(.other, i, i + 1)
                        i += 1
                    }
                case UInt8(ascii: "."):
                    emit(.dot, i, i + 1); i += 1
                case UInt8(ascii: "("):
                    if stack.count > 1 { stack[stack.count - 1] = .code(parens: parens + 1) }
                    emit(.openParen, i, i + 1); i += 1
                case UInt8(ascii: ")"):
                    if stack.count > 1 {
                        if parens == 0 { stack.removeLast() } else { stack[stack.count - 1] = .code(parens: parens - 1) }
                    }
                    emit(.other, i, i + 1); i += 1
                case UInt8(ascii: "="):
                    if byte(i + 1) == UInt8(ascii: "=") {
                        emit(.other, i, i + 2); i += 2
                    } else {
                        emit(.equals, i, i + 1); i += 1
                    }
                case UInt8(ascii: ";"):
                    emit(.semicolon, i, i + 1); i += 1
                case _ where SourceBytes.isIdentifierStart(b) || b == UInt8(ascii: "$"):
                    let start = i
                    i += 1
                    while i < n, SourceBytes.isIdentifierPart(file[i]) || file[i] == UInt8(ascii: "$") { i += 1 }
                    emit(.identifier, start, i)
                case _ where SourceBytes.isDigit(b):
                    let start = i
                    while i < n, SourceBytes.isIdentifierPart(file[i]) { i += 1 }
                    emit(.other, start, i)
                default:
                    emit(.other, i, i + 1); i += 1
                }
            case .string(let count, let multiline):
                // On to the next byte that can end the literal or start an escape.
                while i < n {
                    let b = file[i]
                    if b == UInt8(ascii: "\\") || b == UInt8(ascii: "\"") || b == 0x0A { break }
                    i += 1
                }
                guard i < n else { break }
                let b = file[i]
                if b == UInt8(ascii: "\\") {
                    guard hashes(count, at: i + 1) else { i += 1; continue }
                    let after = i + 1 + count
                    if byte(after) == UInt8(ascii: "(") {
                        stack.append(.code(parens: 0))
                        emit(.other, i, after + 1)
                        i = after + 1
                    } else {
                        i = min(n, after + 1)
                    }
                } else if b == UInt8(ascii: "\"") {
                    let quotes = multiline ? 3 : 1
                    if (!multiline || (byte(i + 1) == UInt8(ascii: "\"") && byte(i + 2) == UInt8(ascii: "\""))) && hashes(count, at: i + quotes) {
                        i += quotes + count
                        stack.removeLast()
                    } else {
                        i += 1
                    }
                } else {
                    // A line break: the end of a multi-line literal's line, or an unterminated one-line literal.
                    if !multiline { stack.removeLast() }
                    newline = true
                    i += 1
                }
            }
        }
    }
}

/// Whether bytes are well-formed UTF-8 (checked before scanning, so that
/// positions and names mean what they say).
enum UTF8Check {
    static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b < 0x80 { i += 1; continue }
            let length: Int
            if b & 0xE0 == 0xC0, b >= 0xC2 { length = 2 }
            else if b & 0xF0 == 0xE0 { length = 3 }
            else if b & 0xF8 == 0xF0, b <= 0xF4 { length = 4 }
            else { return false }
            guard i + length <= n else { return false }
            for k in 1..<length where bytes[i + k] & 0xC0 != 0x80 { return false }
            if length == 3 {
                let scalar = (UInt32(b & 0x0F) << 12) | (UInt32(bytes[i + 1] & 0x3F) << 6)
                if scalar < 0x800 || (scalar >= 0xD800 && scalar <= 0xDFFF) { return false }
            } else if length == 4 {
                let scalar = (UInt32(b & 0x07) << 18) | (UInt32(bytes[i + 1] & 0x3F) << 12)
                if scalar < 0x10000 || scalar > 0x10FFFF { return false }
            }
            i += length
        }
        return true
    }
}
