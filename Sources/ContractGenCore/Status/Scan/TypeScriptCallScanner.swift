import Foundation

/// Finds calls of the generated TypeScript functions with TypeScript's own
/// compiler under Node: a Program over the TypeScript files of the roots
/// (generated ones included, `noResolve`, no default library; for many
/// files, one per worker thread over its share of them plus the generated and
/// re-exporting files), and for each call whose callee could be one (its name
/// is an event function's, or goes through an import of the file), the
/// checker's symbol, aliases followed, must be an exported function declared
/// in a generated file. The compiler is the
/// app's (`node_modules/typescript` in or above a root) or Debian's
/// (`/usr/share/nodejs/typescript`).
struct TypeScriptCallScanner {
    let names: EventFunctionNames
    let files: [SourceFile]
    let roots: [String]

    /// Where Debian's `node-typescript` installs the compiler.
    static let debianTypeScript = "/usr/share/nodejs/typescript"

    /// A running scan: ``finish()`` waits for it.
    struct Running {
        let process: Process?
        let folder: URL?
        let files: [SourceFile]
        let generated: Set<Int>
        let names: EventFunctionNames
        /// Why Node could not be started, when it could not.
        let failure: String?

        func finish() -> LexedLanguageScan {
            var scan = LexedLanguageScan()
            let appFiles = files.count - generated.count
            defer { if let folder { try? FileManager.default.removeItem(at: folder) } }
            if let failure {
                if appFiles > 0 { scan.notes.append("\(failure): \(appFiles) TypeScript files not scanned") }
                return scan
            }
            guard let process, let folder else { return scan }
            process.waitUntilExit()
            let output = (try? Data(contentsOf: folder.appendingPathComponent("stdout"))) ?? Data()
            let errors = String(decoding: (try? Data(contentsOf: folder.appendingPathComponent("stderr"))) ?? Data(), as: UTF8.self)
            guard process.terminationReason == .exit, process.terminationStatus == 0,
                  let result = try? JSONSerialization.jsonObject(with: output) as? [String: Any],
                  let sites = result["sites"] as? [[Any]] else {
                let why = errors.split(separator: "\n").prefix(3).joined(separator: "; ")
                scan.notes.append("TypeScript scan failed (node exited with \(process.terminationStatus)\(why.isEmpty ? "" : ": " + why)): \(appFiles) TypeScript files not scanned")
                return scan
            }
            scan.filesScanned = appFiles
            for site in sites {
                guard site.count == 4, let index = site[0] as? Int, files.indices.contains(index), let event = site[1] as? String,
                      let line = site[2] as? Int, let column = site[3] as? Int else { continue }
                scan.sites.append(CallSite(event: event, language: .typescript, file: files[index].shownPath, line: line, column: column))
            }
            return scan
        }
    }

    /// Starts Node on the files (nothing to start when there are no app files).
    func start() -> Running {
        let generated = Set(files.indices.filter { Self.isGenerated(files[$0].path) })
        func failed(_ why: String) -> Running {
            Running(process: nil, folder: nil, files: files, generated: generated, names: names, failure: why)
        }
        guard files.count > generated.count else { return failed("") }
        guard let node = Self.findNode() else { return failed("node was not found on PATH (Debian: apt-get install nodejs node-typescript)") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("contractgen-status-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let input: [String: Any] = [
                "typescript": typeScriptCandidates(),
                "files": files.map(\.path),
                "generated": generated.sorted(),
                "functions": names.typescriptFunctions,
            ]
            try JSONSerialization.data(withJSONObject: input).write(to: folder.appendingPathComponent("input.json"))
            try Data(Self.script.utf8).write(to: folder.appendingPathComponent("scan.js"))
            try Data().write(to: folder.appendingPathComponent("stdout"))
            try Data().write(to: folder.appendingPathComponent("stderr"))
            let process = Process()
            process.executableURL = node
            process.arguments = [folder.appendingPathComponent("scan.js").path, folder.appendingPathComponent("input.json").path]
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = try FileHandle(forWritingTo: folder.appendingPathComponent("stdout"))
            process.standardError = try FileHandle(forWritingTo: folder.appendingPathComponent("stderr"))
            try process.run()
            return Running(process: process, folder: folder, files: files, generated: generated, names: names, failure: nil)
        } catch {
            try? FileManager.default.removeItem(at: folder)
            return failed("node could not be started (\(error))")
        }
    }

    /// Whether the file starts with the generated header.
    static func isGenerated(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: GeneratedHeader.bytes.count + 3)) ?? Data()
        return Array(head).withUnsafeBufferPointer(GeneratedHeader.marks)
    }

    /// `node` (or Debian's old name, `nodejs`) on `PATH`.
    static func findNode() -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            for name in ["node", "nodejs"] {
                let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            }
        }
        return nil
    }

    /// The compilers to try, in order: `node_modules/typescript` in or above each root, then Debian's, then Node's own lookup.
    func typeScriptCandidates() -> [String] {
        var candidates: [String] = []
        for root in roots {
            var directory = URL(fileURLWithPath: root).standardizedFileURL
            if !((try? directory.resourceValues(forKeys: [.isDirectoryKey]))?.isDirectory ?? false) { directory.deleteLastPathComponent() }
            while true {
                let candidate = directory.appendingPathComponent("node_modules/typescript").path
                if FileManager.default.fileExists(atPath: candidate), !candidates.contains(candidate) { candidates.append(candidate) }
                let parent = directory.deletingLastPathComponent()
                if parent.path == directory.path { break }
                directory = parent
            }
        }
        return candidates + [Self.debianTypeScript, "typescript"]
    }
}

extension TypeScriptCallScanner {
    /// The Node script (input: a JSON file; output: JSON on stdout).
    static let script = #"""
// Finds the calls of a contract's generated TypeScript event functions
// (contractgen status, docs/status.md): a Program over the files, each
// candidate call's callee resolved by the checker, through import aliases,
// namespaces and re-exports, to its declaration; a call counts when that is
// an exported function of a generated file. Large inputs are split among
// worker threads, each with a Program over its share of the app's files plus
// the files every share needs to resolve calls (the generated ones, and
// those that re-export: `export {`, `export *`, `export default`).
// Input (a JSON file, argv[2]): { typescript: [module paths to try],
// files: [paths], generated: [indices of generated files], functions: { name: event } }.
// Output (stdout, JSON): { version, workers, sites: [[fileIndex, event, line, column]] }.
"use strict";
const fs = require("fs");
const os = require("os");
const { Worker, isMainThread, parentPort, workerData } = require("worker_threads");

// Sites of calls in the files of `report` (indices), in a Program over those and `support`.
function scan(ts, input, report, support) {
    const options = {
        noEmit: true, noResolve: true, noLib: true, skipLibCheck: true, types: [], allowJs: false,
        target: ts.ScriptTarget.ES2020, module: ts.ModuleKind.ES2020,
        moduleResolution: ts.ModuleResolutionKind.NodeJs, jsx: ts.JsxEmit.Preserve,
    };
    const program = ts.createProgram([...new Set([...report, ...support])].map((index) => input.files[index]), options);
    const checker = program.getTypeChecker();
    const functions = new Map(Object.entries(input.functions));
    const generatedFiles = new Set();
    for (const index of input.generated) {
        const file = program.getSourceFile(input.files[index]);
        if (file) generatedFiles.add(file);
    }

    // The symbol an alias stands for (the symbol itself when it is none).
    function unaliased(symbol) {
        return symbol && (symbol.flags & ts.SymbolFlags.Alias) ? checker.getAliasedSymbol(symbol) : symbol;
    }

    // The symbol of an identifier, or of `a.b.c` when each left side is a module
    // (a namespace import, `export * as`): looked up in the module's exports,
    // without type-checking the expression.
    function symbolOf(expression) {
        if (ts.isIdentifier(expression)) return unaliased(checker.getSymbolAtLocation(expression));
        if (!ts.isPropertyAccessExpression(expression) || !ts.isIdentifier(expression.name)) return undefined;
        const container = symbolOf(expression.expression);
        if (!container || !(container.flags & ts.SymbolFlags.ValueModule)) return undefined;
        return unaliased(checker.tryGetMemberInModuleExports(expression.name.text, container));
    }

    // The event of a generated event function's symbol.
    function eventOf(symbol) {
        const declaration = symbol && symbol.declarations && symbol.declarations[0];
        if (!declaration || !ts.isFunctionDeclaration(declaration)) return undefined;
        if (!generatedFiles.has(declaration.getSourceFile())) return undefined;
        return functions.get(symbol.name);
    }

    // The identifier `a` of `a.b.c` (or the expression where that is not one).
    function leftmost(expression) {
        while (ts.isPropertyAccessExpression(expression)) expression = expression.expression;
        return expression;
    }

    const sites = [];
    report.forEach((index) => {
        const file = program.getSourceFile(input.files[index]);
        if (!file || generatedFiles.has(file)) return;
        // The names this file imports: a call through one of them is resolved whatever its name.
        const imported = new Set();
        for (const statement of file.statements) {
            if (!ts.isImportDeclaration(statement) || !statement.importClause) continue;
            const clause = statement.importClause;
            if (clause.name) imported.add(clause.name.text);
            const bindings = clause.namedBindings;
            if (bindings && ts.isNamespaceImport(bindings)) imported.add(bindings.name.text);
            if (bindings && ts.isNamedImports(bindings)) for (const element of bindings.elements) imported.add(element.name.text);
        }
        const visit = (node) => {
            if (ts.isCallExpression(node)) {
                let callee = node.expression;
                while (ts.isParenthesizedExpression(callee) || ts.isNonNullExpression(callee)) callee = callee.expression;
                let name;
                if (ts.isIdentifier(callee)) {
                    if (functions.has(callee.text) || imported.has(callee.text)) name = callee;
                } else if (ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.name)) {
                    if (functions.has(callee.name.text) || imported.has(leftmost(callee).text)) name = callee.name;
                }
                if (name) {
                    const event = eventOf(symbolOf(callee));
                    if (event !== undefined) {
                        const position = file.getLineAndCharacterOfPosition(name.getStart(file));
                        sites.push([index, event, position.line + 1, position.character + 1]);
                    }
                }
            }
            ts.forEachChild(node, visit);
        };
        visit(file);
    });
    return sites;
}

if (isMainThread) {
    const input = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
    let typescript = null;
    for (const candidate of input.typescript) {
        try { typescript = require.resolve(candidate); break; } catch (error) { /* the next one */ }
    }
    if (typescript === null) {
        process.stderr.write("TypeScript's compiler was not found (tried " + input.typescript.join(", ") + ")\n");
        process.exit(3);
    }
    const generated = new Set(input.generated);
    const app = input.files.map((_, index) => index).filter((index) => !generated.has(index));
    const reexports = /\bexport\s*(\*|\{|default\b)/;
    const support = [...generated, ...app.filter((index) => reexports.test(fs.readFileSync(input.files[index], "utf8")))];
    const cores = typeof os.availableParallelism === "function" ? os.availableParallelism() : os.cpus().length;
    // A worker pays for its own compiler load and the shared files: only worth it for many files.
    const workers = Math.max(1, Math.min(cores, 4, Math.floor(app.length / 150)));
    const finish = (version, sites) => process.stdout.write(JSON.stringify({ version, workers, sites }));
    if (workers === 1) {
        const ts = require(typescript);
        finish(ts.version, scan(ts, input, app, support));
    } else {
        const shares = Array.from({ length: workers }, (_, share) => app.filter((_, position) => position % workers === share));
        Promise.all(shares.map((share) => new Promise((resolve, reject) => {
            const worker = new Worker(__filename, { workerData: { typescript, input, report: share, support } });
            worker.once("message", resolve);
            worker.once("error", reject);
        }))).then((results) => finish(results[0].version, results.flatMap((result) => result.sites)), (error) => {
            process.stderr.write(String(error && error.stack || error) + "\n");
            process.exit(1);
        });
    }
} else {
    const ts = require(workerData.typescript);
    parentPort.postMessage({ version: ts.version, sites: scan(ts, workerData.input, workerData.report, workerData.support) });
}
"""#
}
