#if canImport(SQLite3)
import SQLite3
#endif
import Foundation

/// The data-protection class of the store's files (the database, its `-wal` and
/// its `-shm`) on Apple platforms; no effect elsewhere.
///
/// The default, ``completeUntilFirstUserAuthentication``, keeps the files
/// encrypted from boot until the user first unlocks the device, and readable from
/// then on, also while the device is locked again. Apps are launched in the
/// background by pushes, background fetch and background URL sessions, often
/// while the device is locked: with ``complete`` (the system's strictest class)
/// the store cannot be opened then, and every event tracked in that launch would
/// wait in memory. Choose ``complete`` only if analytics must not be readable
/// while locked and you accept that.
public enum StoreFileProtection: String, Sendable, Hashable, CaseIterable {
    /// `NSFileProtectionComplete`: readable only while the device is unlocked.
    case complete
    /// `NSFileProtectionCompleteUnlessOpen`: files open at lock time stay usable;
    /// new files can be created while locked, existing closed ones not reopened.
    case completeUnlessOpen
    /// `NSFileProtectionCompleteUntilFirstUserAuthentication` (the default):
    /// readable after the first unlock since boot.
    case completeUntilFirstUserAuthentication
    /// `NSFileProtectionNone`: always readable.
    case none

    /// The SQLite open flag that makes SQLite create the database, `-wal`,
    /// `-shm` and journal files with this class (Apple's SQLite only; 0 elsewhere).
    var sqliteOpenFlag: Int32 {
        #if canImport(SQLite3) && (os(iOS) || os(tvOS) || os(watchOS) || os(visionOS) || os(macOS))
        switch self {
        case .complete: return SQLITE_OPEN_FILEPROTECTION_COMPLETE
        case .completeUnlessOpen: return SQLITE_OPEN_FILEPROTECTION_COMPLETEUNLESSOPEN
        case .completeUntilFirstUserAuthentication: return SQLITE_OPEN_FILEPROTECTION_COMPLETEUNTILFIRSTUSERAUTHENTICATION
        case .none: return SQLITE_OPEN_FILEPROTECTION_NONE
        }
        #else
        return 0
        #endif
    }

    /// Applies the class to files that already exist (a store created by an
    /// earlier build with another class): SQLite's flag only governs files it
    /// creates. A no-op where Foundation has no data protection.
    func apply(toStoreAt path: String) {
        #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
        let type: FileProtectionType
        switch self {
        case .complete: type = .complete
        case .completeUnlessOpen: type = .completeUnlessOpen
        case .completeUntilFirstUserAuthentication: type = .completeUntilFirstUserAuthentication
        case .none: type = .none
        }
        for file in [path, path + "-wal", path + "-shm"] where FileManager.default.fileExists(atPath: file) {
            try? FileManager.default.setAttributes([.protectionKey: type], ofItemAtPath: file)
        }
        #endif
    }
}
