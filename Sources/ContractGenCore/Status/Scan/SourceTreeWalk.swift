import Foundation

/// Lists the source files under the scan's roots, by language: each root
/// walked recursively, build folders (``alwaysExcluded``) and the request's
/// exclude patterns left out, each file once however many roots reach it.
struct SourceTreeWalk {
    /// Folder names never walked into: build output, dependencies, git's store.
    static let alwaysExcluded: Set<String> = [".build", "node_modules", "build", ".git"]

    /// Files larger than this are not read (minified bundles, data): a note says so.
    static let maxFileBytes = 8 << 20

    let request: CallSiteScanRequest
    let exclude: [ExcludePattern]

    init(_ request: CallSiteScanRequest) {
        self.request = request
        exclude = request.exclude.map(ExcludePattern.init)
    }

    struct Files {
        var swift: [SourceFile] = []
        var kotlin: [SourceFile] = []
        /// Every TypeScript file, generated ones too (the compiler resolves calls to them).
        var typescript: [SourceFile] = []
        var notes: [String] = []
    }

    /// The language a file's name says, if it is one scanned.
    static func language(ofFileNamed name: String) -> SourceLanguage? {
        if name.hasSuffix(".swift") { return .swift }
        if name.hasSuffix(".kt") || name.hasSuffix(".kts") { return .kotlin }
        if name.hasSuffix(".d.ts") || name.hasSuffix(".d.mts") || name.hasSuffix(".d.cts") { return nil }
        if name.hasSuffix(".ts") || name.hasSuffix(".tsx") || name.hasSuffix(".mts") || name.hasSuffix(".cts") { return .typescript }
        return nil
    }

    func files() throws -> Files {
        var files = Files()
        var seen: Set<String> = []
        let manager = FileManager.default
        for root in request.roots {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: root, isDirectory: &isDirectory) else {
                throw CallSiteScanError(description: "source root '\(root)' does not exist")
            }
            let shownRoot = Self.shownRoot(root)
            if !isDirectory.boolValue {
                add(path: root, shown: shownRoot, relative: (root as NSString).lastPathComponent, size: nil, to: &files, seen: &seen)
                continue
            }
            let rootURL = URL(fileURLWithPath: root, isDirectory: true)
            let keys: [URLResourceKey] = [.isDirectoryKey, .isRegularFileKey, .fileSizeKey]
            guard let enumerator = manager.enumerator(at: rootURL, includingPropertiesForKeys: keys, options: [], errorHandler: { url, error in
                files.notes.append("\(url.path): not read (\(error.localizedDescription))")
                return true
            }) else { continue }
            let rootComponents = rootURL.standardizedFileURL.pathComponents.count
            while let url = enumerator.nextObject() as? URL {
                let relativeComponents = Array(url.standardizedFileURL.pathComponents.dropFirst(rootComponents))
                let relative = relativeComponents.joined(separator: "/")
                let values = try? url.resourceValues(forKeys: Set(keys))
                if values?.isDirectory == true {
                    if Self.alwaysExcluded.contains(url.lastPathComponent) || isExcluded(relativeComponents) {
                        enumerator.skipDescendants()
                    }
                    continue
                }
                guard values?.isRegularFile == true, !isExcluded(relativeComponents) else { continue }
                let shown = shownRoot.isEmpty ? relative : shownRoot + "/" + relative
                add(path: url.path, shown: shown, relative: relative, size: values?.fileSize, to: &files, seen: &seen)
            }
        }
        return files
    }

    private func add(path: String, shown: String, relative: String, size: Int?, to files: inout Files, seen: inout Set<String>) {
        guard let language = Self.language(ofFileNamed: (relative as NSString).lastPathComponent),
              request.languages.contains(language) else { return }
        guard seen.insert(URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path).inserted else { return }
        if let size, size > Self.maxFileBytes {
            files.notes.append("\(shown): not scanned (\(size) bytes; the limit is \(Self.maxFileBytes))")
            return
        }
        let file = SourceFile(path: path, shownPath: shown)
        switch language {
        case .swift: files.swift.append(file)
        case .kotlin: files.kotlin.append(file)
        case .typescript: files.typescript.append(file)
        }
    }

    private func isExcluded(_ relativeComponents: [String]) -> Bool {
        exclude.contains { $0.matches(relativeComponents) }
    }

    /// The root as reports prefix paths with: `/` separators, no `./` or trailing `/`; empty for `.`.
    static func shownRoot(_ root: String) -> String {
        var shown = root
        while shown.hasPrefix("./") { shown.removeFirst(2) }
        while shown.count > 1, shown.hasSuffix("/") { shown.removeLast() }
        return shown == "." ? "" : shown
    }
}

/// A glob of paths to leave out (``CallSiteScanRequest/exclude``): `*` and `?`
/// within one path component, `**` for any number of components. A pattern
/// without `/` matches any one component (`Generated`, `*.test.ts`); one with
/// `/` matches the path from the root (`apps/legacy/**`, `**/Generated/**`).
struct ExcludePattern: Sendable {
    let components: [String]
    let anyComponent: Bool

    init(_ pattern: String) {
        var text = pattern
        while text.hasPrefix("./") { text.removeFirst(2) }
        while text.hasSuffix("/") { text.removeLast() }
        anyComponent = !text.contains("/")
        components = text.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    }

    /// Whether the path (components relative to its root) or a folder it lies in matches.
    func matches(_ path: [String]) -> Bool {
        if anyComponent {
            guard let only = components.first else { return false }
            return path.contains { Self.matches(component: Array($0.utf8), pattern: Array(only.utf8)) }
        }
        // A folder that matches excludes everything in it.
        for length in stride(from: path.count, through: 1, by: -1) where Self.matches(path: path[..<length], pattern: components[...]) {
            return true
        }
        return false
    }

    private static func matches(path: ArraySlice<String>, pattern: ArraySlice<String>) -> Bool {
        guard let first = pattern.first else { return path.isEmpty }
        if first == "**" {
            let rest = pattern.dropFirst()
            for skip in 0...path.count where matches(path: path.dropFirst(skip), pattern: rest) { return true }
            return false
        }
        guard let component = path.first, matches(component: Array(component.utf8), pattern: Array(first.utf8)) else { return false }
        return matches(path: path.dropFirst(), pattern: pattern.dropFirst())
    }

    /// `*` and `?` over one component's bytes.
    static func matches(component: [UInt8], pattern: [UInt8]) -> Bool {
        var c = 0, p = 0
        var star = -1, starMatch = 0
        while c < component.count {
            if p < pattern.count, pattern[p] == UInt8(ascii: "?") || pattern[p] == component[c] {
                c += 1; p += 1
            } else if p < pattern.count, pattern[p] == UInt8(ascii: "*") {
                star = p; starMatch = c; p += 1
            } else if star >= 0 {
                p = star + 1; starMatch += 1; c = starMatch
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == UInt8(ascii: "*") { p += 1 }
        return p == pattern.count
    }
}
