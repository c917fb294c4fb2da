import Foundation

/// A fenced Swift block of README.md or docs/*.md, and how it is checked.
///
/// The info string after the opening fence says what the block is:
/// - `swift`: a self-contained snippet (with its imports), type-checked. Top-level
///   statements are wrapped in an `async throws` function on the main actor;
///   a block of declarations only is checked as is.
/// - `swift apple`: the same, inside `#if canImport(SwiftUI)` (SwiftUI and UIKit
///   code; on Linux it checks nothing, as the adapters themselves).
/// - `swift manifest`: a whole `Package.swift`, loaded with `swift package dump-package`.
/// - `swift fragment`: an excerpt or an outline of an API, never compiled.
struct DocSnippet: CustomStringConvertible {
    enum Kind: String, CaseIterable {
        case snippet = "swift", apple = "swift apple", manifest = "swift manifest", fragment = "swift fragment"
    }

    var file: String
    var line: Int
    var kind: Kind
    var code: String

    var description: String { "\(file):\(line)" }

    /// Every fenced block whose info string starts with `swift`; an unknown
    /// marker is an error naming the line.
    static func blocks(in text: String, file: String) throws -> [DocSnippet] {
        var blocks: [DocSnippet] = []
        var open: (line: Int, kind: Kind)?
        var lines: [String] = []
        var inOtherFence = false
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(raw)
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if let current = open {
                if trimmed == "```" {
                    blocks.append(DocSnippet(file: file, line: current.line, kind: current.kind,
                                             code: lines.joined(separator: "\n")))
                    open = nil
                    lines = []
                } else {
                    lines.append(line)
                }
            } else if inOtherFence {
                if trimmed == "```" { inOtherFence = false }
            } else if trimmed.hasPrefix("```") {
                let info = trimmed.dropFirst(3).trimmingCharacters(in: .whitespaces)
                if info == "swift" || info.hasPrefix("swift ") {
                    guard let kind = Kind(rawValue: info) else {
                        throw SnippetError("\(file):\(index + 1): unknown marker '\(info)'; use one of "
                            + Kind.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", "))
                    }
                    open = (index + 1, kind)
                } else {
                    inOtherFence = true
                }
            }
        }
        if let open { throw SnippetError("\(file):\(open.line): the block is never closed") }
        return blocks
    }

    /// The declarations a file may hold at top level (anything else is a statement).
    private static let declarationStarts = [
        "import ", "struct ", "final class ", "class ", "enum ", "extension ", "protocol ", "func ", "@",
        "public ", "private ", "fileprivate ", "internal ", "package ", "typealias ", "actor ", "}", "//", "#if", "#else", "#endif",
    ]

    /// The source file that checks the snippet.
    var checkedSource: String {
        let all = code.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let imports = all.filter { $0.hasPrefix("import ") || $0.hasPrefix("@testable import ") }
        let body = all.filter { !($0.hasPrefix("import ") || $0.hasPrefix("@testable import ")) }
        let topLevel = body.filter { !$0.isEmpty && !$0.hasPrefix(" ") && !$0.hasPrefix("\t") }
        let declarationsOnly = topLevel.allSatisfy { line in Self.declarationStarts.contains { line.hasPrefix($0) } }
        var source = "// \(description)\n"
        if kind == .apple { source += "#if canImport(SwiftUI)\n" }
        source += imports.joined(separator: "\n") + "\n"
        if declarationsOnly {
            source += body.joined(separator: "\n") + "\n"
        } else {
            source += "@MainActor func documentationSnippet() async throws {\n" + body.joined(separator: "\n") + "\n}\n"
        }
        if kind == .apple { source += "#endif\n" }
        return source
    }
}

struct SnippetError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
