import ContractGenCore
import Foundation
import Testing

/// Paths that are not contract files are refused before a byte is read: a FIFO
/// would block forever, a device would never end, a huge file would fill memory.
@Suite struct ContractFileTests {
    func reason(_ path: String, maxBytes: Int = ParseLimits.standard.maxBytes) -> String? {
        do {
            _ = try ContractLoader.readFile(path, maxBytes: maxBytes)
            return nil
        } catch let error as ContractFileError {
            return error.reason
        } catch {
            return "\(error)"
        }
    }

    @Test func fifoIsRefusedWithoutBlocking() throws {
        let directory = try GeneratedTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("contract.yaml").path
        #expect(mkfifo(fifo, 0o600) == 0)
        // No writer ever opens the FIFO: a blocking open or read would hang here.
        #expect(reason(fifo) == "is a FIFO (named pipe), not a regular file")
    }

    @Test func devicesAndDirectoriesAreRefused() throws {
        #expect(reason("/dev/zero") == "is a character device, not a regular file")
        #expect(reason("/dev/null") == "is a character device, not a regular file")
        #expect(reason(FileManager.default.temporaryDirectory.path) == "is a directory")
        #expect(reason("/no/such/contract.yaml") == "no such file")
    }

    @Test func fileOverTheSizeCapIsRefusedBeforeReading() throws {
        let directory = try GeneratedTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("big.yaml").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(repeating: 0x61, count: 1000)))
        #expect(reason(path, maxBytes: 999) == "is 1000 bytes, more than the 999 bytes a contract may have")
        #expect(reason(path, maxBytes: 1000) == nil)
        // The standard cap (64 MiB) without writing 64 MiB: a sparse file.
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: UInt64(ParseLimits.standard.maxBytes) + 1)
        try handle.close()
        #expect(reason(path) == "is \(ParseLimits.standard.maxBytes + 1) bytes, more than the \(ParseLimits.standard.maxBytes) bytes a contract may have")
    }

    @Test func symlinkToARegularFileIsRead() throws {
        let directory = try GeneratedTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let link = directory.appendingPathComponent("link.yaml")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: Fixtures.projectContract)
        #expect(try ContractLoader.readFile(link.path) == ContractLoader.readFile(Fixtures.projectContract.path))
    }
}
