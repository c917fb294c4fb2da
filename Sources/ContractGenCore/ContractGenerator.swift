import Foundation

/// The one entry point of generation, used by the `contractgen` executable and
/// the build plugins: contract -> translate -> render -> write.
public enum ContractGenerator {
    /// The generated files for a valid contract, in ``GeneratedFileSet/fileNames`` order.
    public static func render(_ contract: Contract) -> [GeneratedFile] {
        ModuleRenderer.render(ContractTranslator.translate(contract))
    }

    /// Renders `contract` and writes (or checks) the files in `directory`.
    public static func generate(
        _ contract: Contract, into directory: URL, mode: GeneratedFileWriter.Mode = .write
    ) throws -> GeneratedFileWriter.Report {
        try GeneratedFileWriter().write(render(contract), to: directory, mode: mode)
    }
}
