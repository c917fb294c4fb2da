import Foundation

/// Why an output directory could not be written, in words: Foundation's own
/// text for a failed `createDirectory` is often "The operation could not be
/// completed. (NSCocoaErrorDomain error 512.)", which says nothing.
enum OutputErrorText {
    static func describe(_ error: any Error, output: String) -> String {
        guard let cocoa = error as? CocoaError else {
            // The writer's own errors say what failed and why (`cannot create …: Permission denied`).
            return String(describing: error)
        }
        if let underlying = cocoa.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        // The usual cause: something on the way is a file, not a directory.
        var path = URL(fileURLWithPath: output).standardizedFileURL
        while path.path != "/" {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path.path, isDirectory: &isDirectory) {
                if !isDirectory.boolValue { return "\(path.path) is a file, not a directory" }
                break
            }
            path.deleteLastPathComponent()
        }
        return cocoa.localizedDescription
    }
}
