import Foundation
import TestSupport

/// Random valid contracts for property tests, as YAML. The structure comes
/// from `seed`; descriptions from `descriptionSeed` alone, so two contracts of
/// one seed differ only in their descriptions.
enum RandomContract {
    static func yaml(seed: UInt64, descriptionSeed: UInt64 = 0, extraEvent: Bool = false) -> String {
        var s = SplitMix64(state: seed)
        var d = SplitMix64(state: descriptionSeed)
        func description(_ indent: String) -> String {
            switch Int.random(in: 0..<3, using: &d) {
            case 0: ""
            case 1: "\(indent)description: Text \(Int.random(in: 0..<5, using: &d))\n"
            default: "\(indent)description: 'Quoted: #\(Int.random(in: 0..<5, using: &d))'\n"
            }
        }
        var out = "contract: Random\nversion: 1.0.0\n" + description("")
        let setCount = Int.random(in: 1...3, using: &s)
        var setCodes: [[String]] = []
        out += "valueSets:\n"
        for i in 0..<setCount {
            let codes = (0..<Int.random(in: 1...4, using: &s)).map { "v\(i)x\($0)" }
            setCodes.append(codes)
            if Bool.random(using: &s) {
                out += "  Set\(i): [\(codes.joined(separator: ", "))]\n"
            } else {
                out += "  Set\(i):\n" + codes.map { "    \($0): Wire \($0)\n" }.joined()
            }
        }
        out += "mandatory:\n  uuid: { type: uuid }\n  clientTimestamp: { type: timestamp }\n"
        out += "kinds:\n  pageView:\n" + description("    ") + "    mandatory:\n      viewType: { type: Set0 }\n"
        if Bool.random(using: &s) { out += "      screenId: { type: uuid }\n" }
        out += "  systemAction:\n" + description("    ")
        out += "globals:\n  appVersion: { type: string, default: unknown }\n"
        let objectCount = Int.random(in: 0...2, using: &s)
        if objectCount > 0 {
            out += "objects:\n"
            for i in 0..<objectCount {
                out += "  Obj\(i):\n" + description("    ")
                out += "    required:\n      id\(i): { type: string, minLength: 1 }\n"
                out += "    optional:\n      n\(i): { type: int, minimum: 0 }\n"
            }
        }
        let fieldCount = Int.random(in: 1...6, using: &s)
        out += "fields:\n"
        for i in 0..<fieldCount {
            let type: String
            switch Int.random(in: 0..<10, using: &s) {
            case 0: type = "type: string, maxLength: \(Int.random(in: 1...100, using: &s))"
            case 1: type = "type: string, pattern: '^[a-z]{\(Int.random(in: 1...3, using: &s))}$'"
            case 2: type = "type: int, minimum: \(Int.random(in: -5...5, using: &s)), maximum: 100"
            case 3: type = "type: double"
            case 4: type = "type: decimal, minimum: 0"
            case 5: type = "type: bool"
            case 6: type = "type: uuid"
            case 7: type = "type: timestamp"
            case 8: type = "type: Set\(Int.random(in: 0..<setCount, using: &s))"
            default:
                type = objectCount > 0
                    ? "type: array, items: { type: Obj\(Int.random(in: 0..<objectCount, using: &s)) }, maxItems: 10"
                    : "type: array, items: { type: string }, minItems: 1"
            }
            out += "  f\(i):\n    \(type.replacingOccurrences(of: ", ", with: "\n    "))\n" + description("    ")
        }
        out += "events:\n"
        let eventCount = Int.random(in: 1...5, using: &s)
        for i in 0..<eventCount {
            let pageView = Bool.random(using: &s)
            out += "  event\(i):\n    kind: \(pageView ? "pageView" : "systemAction")\n"
            if pageView, Bool.random(using: &s) { out += "    viewType: \(setCodes[0].randomElement(using: &s)!)\n" }
            var required: [String] = []
            var optional: [String] = []
            for f in 0..<fieldCount {
                switch Int.random(in: 0..<3, using: &s) {
                case 0: required.append("f\(f)")
                case 1: optional.append("f\(f)")
                default: break
                }
            }
            out += "    required: [\(required.joined(separator: ", "))]\n    optional: [\(optional.joined(separator: ", "))]\n"
            out += description("    ")
        }
        if extraEvent {
            out += "  addedEvent:\n    kind: systemAction\n    optional: [f0]\n"
        }
        return out
    }
}
