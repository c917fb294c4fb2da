import Foundation

/// The header line of a recording: the rules it was recorded with, under the
/// names `impression-replay`'s options use.
///
/// `{"type":"rules","threshold":0.5,"ratio":"area","minDuration":1,"mode":"qualify","commitInterval":10}`
enum TraceHeader {
    struct Failure: Error { var message: String }

    static func encode(_ rules: ImpressionCriteria) -> String {
        "{\"type\":\"rules\",\"threshold\":\(JSONText.number(rules.threshold)),\"ratio\":\"\(rules.measure.rawValue)\","
            + "\"minDuration\":\(MonotonicInstant(nanoseconds: rules.minimumDuration.nanosecondsValue)),"
            + "\"mode\":\"\(rules.reporting == .atQualification ? "qualify" : "exit")\","
            + "\"commitInterval\":\(MonotonicInstant(nanoseconds: rules.commitInterval.nanosecondsValue))}"
    }

    static func rules(from object: [String: Any]) throws(Failure) -> ImpressionCriteria {
        func seconds(_ key: String) throws(Failure) -> Duration {
            guard let value = (object[key] as? NSNumber)?.doubleValue,
                  let instant = MonotonicInstant(checkedSeconds: value) else {
                throw Failure(message: "rules: \"\(key)\" must be a finite number of seconds")
            }
            return .nanoseconds(instant.nanoseconds)
        }
        guard let threshold = (object["threshold"] as? NSNumber)?.doubleValue else {
            throw Failure(message: "rules: missing number \"threshold\"")
        }
        guard let measure = (object["ratio"] as? String).flatMap(RatioMeasure.init(rawValue:)) else {
            throw Failure(message: "rules: \"ratio\" must be \"area\" or \"height\"")
        }
        let reporting: ImpressionCriteria.Reporting
        switch object["mode"] as? String {
        case "qualify": reporting = .atQualification
        case "exit": reporting = .onExit
        default: throw Failure(message: "rules: \"mode\" must be \"qualify\" or \"exit\"")
        }
        let rules = ImpressionCriteria(threshold: threshold, measure: measure, minimumDuration: try seconds("minDuration"),
                                    reporting: reporting, commitInterval: try seconds("commitInterval"))
        do { try rules.validate() } catch { throw Failure(message: "rules: \(error)") }
        return rules
    }
}
