/// Finds calls of the generated Kotlin functions (`Shop.addToCart(…)`): a
/// lexer that knows comments (nested `/* */`), strings and raw strings with
/// their templates (`$name` is a reference; `${…}` is code), character
/// literals and backquoted names; then each file's imports (`import
/// pkg.Shop as S`, `import pkg.Shop.addToCart [as add]`, `import pkg.Shop.*`)
/// and the calls `Shop.fn(`, `S.fn(`, `add(`. The package of the generated
/// object is read from the generated files among the roots; an import of
/// another package's `Shop` hides the generated one in that file.
enum KotlinCallScanner {
    static func scan(_ files: [SourceFile], names: EventFunctionNames) -> LexedLanguageScan {
        let functions = NameFilter(names.kotlinFunctions.keys)
        let results = Concurrently.map(files) { file in scanFile(file, functions: functions) }

        var generatedPackages: Set<String> = []
        for case .generated(let package) in results {
            if let package { generatedPackages.insert(package) }
        }
        let object = names.kotlinObject
        func isGenerated(_ package: ArraySlice<String>) -> Bool {
            generatedPackages.isEmpty || generatedPackages.contains(package.joined(separator: "."))
        }

        var scan = LexedLanguageScan()
        for (file, result) in zip(files, results) {
            guard case .scanned(let found) = result else {
                if case .notScanned(let note) = result { scan.notes.append("\(file.shownPath): \(note)") }
                continue
            }
            scan.filesScanned += 1
            // What the file's imports make of the object's and the functions' names.
            var objectNames: Set<String> = [object]
            var direct: [String: String] = [:]
            var allFunctions = false
            for path in found.imports {
                let parts = path.path
                if parts.last == object {
                    if isGenerated(parts.dropLast()) {
                        objectNames.insert(path.alias ?? object)
                    } else if path.alias == nil {
                        objectNames.remove(object)
                    }
                } else if parts.count >= 2, parts[parts.count - 2] == object, isGenerated(parts.dropLast(2)) {
                    if parts.last == "*" {
                        allFunctions = true
                    } else if let last = parts.last, let event = names.kotlinFunctions[last] {
                        direct[path.alias ?? last] = event
                    }
                }
            }
            for call in found.calls {
                let event: String?
                if let qualifier = call.qualifier {
                    event = objectNames.contains(qualifier) ? names.kotlinFunctions[call.name] : nil
                } else {
                    event = direct[call.name] ?? (allFunctions ? names.kotlinFunctions[call.name] : nil)
                }
                if let event {
                    scan.sites.append(CallSite(event: event, language: .kotlin, file: file.shownPath, line: call.line, column: call.column))
                }
            }
        }
        return scan
    }

    struct Import: Sendable {
        var path: [String]
        var alias: String?
    }

    /// A call whose name could be a generated function: `qualifier.name(` or `name(`.
    struct Call: Sendable {
        var qualifier: String?
        var name: String
        var line: Int
        var column: Int
    }

    struct Found: Sendable {
        var imports: [Import]
        var calls: [Call]
    }

    enum FileResult: Sendable {
        /// A generated file, and its package.
        case generated(package: String?)
        case notScanned(String)
        case scanned(Found)
    }

    static func scanFile(_ file: SourceFile, functions: NameFilter) -> FileResult {
        let bytes: [UInt8]
        switch FileBytes.read(file.path, maxBytes: SourceTreeWalk.maxFileBytes) {
        case .success(let read): bytes = read
        case .failure(let failure): return .notScanned("not read (\(failure))")
        }
        return bytes.withUnsafeBufferPointer { buffer in
            guard UTF8Check.isValid(buffer) else { return .notScanned("not UTF-8, not scanned") }
            let generated = GeneratedHeader.marks(buffer)
            var collector = KotlinCallCollector(functions: functions, packageOnly: generated)
            KotlinLexer.lex(buffer, into: &collector)
            collector.finishImport()
            if generated { return .generated(package: collector.package?.joined(separator: ".")) }
            var lines = LineCounter()
            let calls = collector.calls.map { call in
                let position = lines.position(of: call.offset, in: buffer)
                return Call(qualifier: call.qualifier, name: call.name, line: position.line, column: position.column)
            }
            return .scanned(Found(imports: collector.imports, calls: calls))
        }
    }
}

/// Imports, the package and the call pattern over one Kotlin file's tokens.
struct KotlinCallCollector: SourceTokenSink {
    let functions: NameFilter
    /// A generated file: only its package is wanted.
    let packageOnly: Bool
    var window = TokenWindow()
    var imports: [KotlinCallScanner.Import] = []
    var package: [String]?
    /// Names imports gave another name (`as add`): calls of them are kept to resolve.
    var aliases = NameFilter([String]())
    var calls: [(qualifier: String?, name: String, offset: Int)] = []

    /// An `import` or `package` directive being read, up to its line's end.
    struct Directive {
        var isPackage: Bool
        var path: [String] = []
        var alias: String?
        var expectingName = true
        var sawAs = false
    }
    var directive: Directive?

    init(functions: NameFilter, packageOnly: Bool) {
        self.functions = functions
        self.packageOnly = packageOnly
    }

    mutating func consume(_ token: SourceToken, in file: UnsafeBufferPointer<UInt8>) {
        if directive != nil {
            if token.newlineBefore || token.kind == .semicolon {
                finishImport()
            } else {
                continueDirective(token, in: file)
                window.push(token)
                return
            }
        }
        if token.kind == .identifier, token.newlineBefore {
            if SourceBytes.equals(file, token.start, token.end, "import") { directive = Directive(isPackage: false) }
            else if SourceBytes.equals(file, token.start, token.end, "package") { directive = Directive(isPackage: true) }
        }
        if !packageOnly, token.kind == .openParen, !token.newlineBefore, window.t0.kind == .identifier {
            if window.t1.kind == .dot {
                // `Shop.fn(`, not the extension function `fun Shop.fn(`.
                if window.t2.kind == .identifier, !SourceBytes.equals(file, window.t3.start, window.t3.end, "fun") || window.t3.kind != .identifier,
                   let name = functions.name(file, window.t0) {
                    calls.append((SourceBytes.string(file, window.t2.start, window.t2.end), name, window.t0.start))
                }
            } else if !(window.t1.kind == .identifier && SourceBytes.equals(file, window.t1.start, window.t1.end, "fun")),
                      let name = functions.name(file, window.t0) ?? aliases.name(file, window.t0) {
                calls.append((nil, name, window.t0.start))
            }
        }
        window.push(token)
    }

    private mutating func continueDirective(_ token: SourceToken, in file: UnsafeBufferPointer<UInt8>) {
        guard var current = directive else { return }
        switch token.kind {
        case .identifier:
            let text = SourceBytes.string(file, token.start, token.end)
            if current.sawAs {
                current.alias = text
            } else if !current.expectingName, text == "as", !current.isPackage {
                current.sawAs = true
            } else if current.expectingName {
                current.path.append(text)
                current.expectingName = false
            }
        case .dot:
            current.expectingName = true
        case .star:
            if current.expectingName { current.path.append("*"); current.expectingName = false }
        default:
            break
        }
        directive = current
    }

    /// Ends the directive being read, if any.
    mutating func finishImport() {
        guard let current = directive else { return }
        directive = nil
        guard !current.path.isEmpty else { return }
        if current.isPackage {
            if package == nil { package = current.path }
        } else {
            imports.append(KotlinCallScanner.Import(path: current.path, alias: current.alias))
            if let alias = current.alias { aliases.insert(alias) }
        }
    }
}

/// Kotlin's lexical structure as far as finding calls needs it.
enum KotlinLexer {
    private enum Frame {
        /// Code; inside a `${…}` template, the braces open in it.
        case code(braces: Int)
        /// A string literal; `raw` for `"""`.
        case string(raw: Bool)
    }

    static func lex<Sink: SourceTokenSink>(_ file: UnsafeBufferPointer<UInt8>, into sink: inout Sink) {
        let n = file.count
        var i = 0
        var newline = true
        var stack: [Frame] = [.code(braces: 0)]

        func emit(_ kind: SourceToken.Kind, _ start: Int, _ end: Int) {
            sink.consume(SourceToken(kind: kind, start: start, end: end, newlineBefore: newline), in: file)
            newline = false
        }
        func byte(_ index: Int) -> UInt8 { index < n ? file[index] : 0 }

        while i < n {
            switch stack[stack.count - 1] {
            case .code(let braces):
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
                    let raw = byte(i + 1) == UInt8(ascii: "\"") && byte(i + 2) == UInt8(ascii: "\"")
                    i += raw ? 3 : 1
                    stack.append(.string(raw: raw))
                case UInt8(ascii: "'"):
                    // A character literal: `'a'`, `'\''`, `'"'`, `'\u0041'`.
                    let start = i
                    i += 1
                    if byte(i) == UInt8(ascii: "\\") { i += 2 }
                    while i < n, file[i] != UInt8(ascii: "'"), file[i] != 0x0A { i += 1 }
                    if byte(i) == UInt8(ascii: "'") { i += 1 }
                    emit(.other, start, i)
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
                    emit(.openParen, i, i + 1); i += 1
                case UInt8(ascii: "{"):
                    if stack.count > 1 { stack[stack.count - 1] = .code(braces: braces + 1) }
                    emit(.other, i, i + 1); i += 1
                case UInt8(ascii: "}"):
                    if stack.count > 1 {
                        if braces == 0 { stack.removeLast() } else { stack[stack.count - 1] = .code(braces: braces - 1) }
                    }
                    emit(.other, i, i + 1); i += 1
                case UInt8(ascii: "*"):
                    emit(.star, i, i + 1); i += 1
                case UInt8(ascii: "="):
                    if byte(i + 1) == UInt8(ascii: "=") {
                        emit(.other, i, i + 2); i += 2
                    } else {
                        emit(.equals, i, i + 1); i += 1
                    }
                case UInt8(ascii: ";"):
                    emit(.semicolon, i, i + 1); i += 1
                case _ where SourceBytes.isIdentifierStart(b):
                    let start = i
                    i += 1
                    while i < n, SourceBytes.isIdentifierPart(file[i]) { i += 1 }
                    emit(.identifier, start, i)
                case _ where SourceBytes.isDigit(b):
                    let start = i
                    while i < n, SourceBytes.isIdentifierPart(file[i]) { i += 1 }
                    emit(.other, start, i)
                default:
                    emit(.other, i, i + 1); i += 1
                }
            case .string(let raw):
                while i < n {
                    let b = file[i]
                    if b == UInt8(ascii: "\"") || b == UInt8(ascii: "$") || b == 0x0A || (!raw && b == UInt8(ascii: "\\")) { break }
                    i += 1
                }
                guard i < n else { break }
                let b = file[i]
                if b == UInt8(ascii: "\\") {
                    i += 2
                } else if b == UInt8(ascii: "$") {
                    if byte(i + 1) == UInt8(ascii: "{") {
                        stack.append(.code(braces: 0))
                        emit(.other, i, i + 2)
                        i += 2
                    } else {
                        // `$name` refers to a value; it calls nothing.
                        i += 1
                        while i < n, SourceBytes.isIdentifierPart(file[i]) { i += 1 }
                    }
                } else if b == UInt8(ascii: "\"") {
                    if !raw {
                        i += 1
                        stack.removeLast()
                    } else if byte(i + 1) == UInt8(ascii: "\"") && byte(i + 2) == UInt8(ascii: "\"") {
                        // `""""` ends with the last three quotes.
                        i += 3
                        while i < n, file[i] == UInt8(ascii: "\"") { i += 1 }
                        stack.removeLast()
                    } else {
                        i += 1
                    }
                } else {
                    if !raw { stack.removeLast() }
                    newline = true
                    i += 1
                }
            }
        }
    }
}
