import Foundation

/// Kotlin generated without a chosen package (no `--package`, none in the project file) into a
/// folder whose generated files have another package would move them all to the default package
/// (`contractgen.<contract name>`), and every import of them in the app breaks. That is refused:
/// a package changes only when one is named (docs/kotlin.md).
package struct KotlinPackageMismatch: Error, Sendable, Equatable, CustomStringConvertible {
    /// The output folder.
    package var directory: String
    /// The package of the generated files already there.
    package var existing: String
    /// The default package this run would have used.
    package var wouldUse: String

    package var description: String {
        "\(directory) holds Kotlin generated in package '\(existing)', and without --package this run would move it to "
            + "'\(wouldUse)'; nothing written. Give --package \(existing) to keep it (or 'package:' in contractgen.yaml), "
            + "or --package \(wouldUse) to move it"
    }
}

extension KotlinGenerator {
    /// Without a chosen package, refuses a folder whose generated files have another package than the default.
    package func checkBeforeWriting(_ contract: Contract, into directory: URL) throws {
        guard packageName == nil else { return }
        let wouldUse = KotlinNames.defaultPackage(contract.name)
        if let existing = Self.existingPackage(in: directory, differingFrom: wouldUse) {
            throw KotlinPackageMismatch(directory: directory.relativePath, existing: existing, wouldUse: wouldUse)
        }
    }

    /// The package of the generated Kotlin files already in `directory` (those that start with the
    /// generated header), when it differs from `package`; `nil` when there are none or it is the same.
    static func existingPackage(in directory: URL, differingFrom package: String) -> String? {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return nil }
        let header = Array((Self.commentSyntax.generatedHeader + "\n").utf8)
        for name in names.sorted() where name.hasPrefix("Contract") && name.hasSuffix(".kt") {
            // The package line is among the first lines: a few hundred bytes are enough.
            guard let handle = FileHandle(forReadingAtPath: directory.appendingPathComponent(name).path) else { continue }
            let head = (try? handle.read(upToCount: 1024)) ?? Data()
            try? handle.close()
            guard head.starts(with: header) else { continue }
            for line in String(decoding: head, as: UTF8.self).split(separator: "\n").prefix(8) where line.hasPrefix("package ") {
                let existing = line.dropFirst("package ".count).trimmingCharacters(in: .whitespaces)
                if existing != package { return existing }
                break
            }
        }
        return nil
    }
}
