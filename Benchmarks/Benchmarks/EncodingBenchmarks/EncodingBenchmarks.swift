import Benchmark
import Foundation
import TrackingContract
import TrackingCore

/// The same event two ways: the generated event function (which checks the
/// event's constraints and encodes it with JSONWriter: no reflection, keys
/// escaped at generation time) against `JSONEncoder` on an equivalent
/// `Codable` struct producing the same members (wire names, ISO 8601 timestamps
/// with milliseconds, exact decimals), which checks nothing. The encoder is
/// created once and reused, which favours `JSONEncoder`.
enum Sample {
    static let uuid = UUID(uuidString: "5F0C6E1A-2B3C-4D5E-8F90-A1B2C3D4E5F6")!
    static let viewId = UUID(uuidString: "00000000-0000-4000-8000-000000000001")!
    static let timestamp = Date(timeIntervalSince1970: 1_795_176_000.123)

    static let products = (0..<3).map {
        Omnitracking.Product(sku: "12345\($0)", price: Decimal(1999 + $0) / 100, brand: "Acme", imageUrl: "https://cdn.example/\($0).png", position: $0)
    }

    /// The event as an app makes it: the function checks and encodes it.
    static func generated() -> Omnitracking.Events.PageView {
        Omnitracking.bagPageView(
            uniqueViewId: viewId, products: products, cartId: "cart-7", promocode: "SPRING24", exitInteraction: .deepLink,
            uuid: uuid, clientTimestamp: timestamp)
    }

    static let codable = CodableBagPageView(
        uuid: uuid, clientTimestamp: timestamp, uniqueViewId: viewId,
        products: (0..<3).map { CodableProduct(sku: "12345\($0)", price: Decimal(1999 + $0) / 100, brand: "Acme", imageUrl: "https://cdn.example/\($0).png", position: $0) },
        cartId: "cart-7", promocode: "SPRING24", exitInteraction: "deep_link")

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(ISO8601Timestamp.string(from: date))
        }
        return encoder
    }()
}

struct CodableProduct: Codable {
    var sku: String
    var price: Decimal
    var brand: String?
    var imageUrl: String?
    var position: Int?

    enum CodingKeys: String, CodingKey {
        case sku, price, brand, position
        case imageUrl = "image_url"
    }
}

struct CodableBagPageView: Codable {
    var event = "bagPageView"
    var kind = "pageView"
    var contractVersion = "1.3.0"
    var uuid: UUID
    var clientTimestamp: Date
    var viewType = "Bag"
    var uniqueViewId: UUID
    var products: [CodableProduct]
    var cartId: String
    var promocode: String?
    var exitInteraction: String?

    enum CodingKeys: String, CodingKey {
        case event, kind, contractVersion, uuid, clientTimestamp, viewType, uniqueViewId, products, promocode, exitInteraction
        case cartId = "cart_id"
    }
}

/// Doubles of the shapes events carry, 1,000 of each set: plain ones
/// (integral values such as counts, two-decimal prices, small fractions such
/// as `0.000123`), and exponent forms, small and large (`1.5e-7`, `1e+21`),
/// which the wire format lays out differently from Swift's `description`
/// (docs/wire-format.md, "double").
enum DoubleSample {
    static let plain: [Double] = (0..<334).flatMap { i -> [Double] in
        let n = Double(i)
        return [n * 3, 19.99 + n / 100, 0.000_123 * (n + 1)]
    }.prefix(1_000).map { $0 }
    static let exponent: [Double] = (0..<500).flatMap { i -> [Double] in
        let n = Double(i)
        return [1.5e-7 * (n + 1), 1e21 * (n + 1) + 2e23 * n]
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .throughput, .mallocCountTotal], maxDuration: .seconds(3))

    Benchmark("Make bagPageView: generated (the caller's part)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(Sample.generated())
        }
    }

    Benchmark("Make, encode and check bagPageView: generated") { benchmark in
        for _ in benchmark.scaledIterations {
            let event = Sample.generated()
            blackHole(event.encodedJSON())
            blackHole(event.validate())
        }
    }

    for (name, values) in [("plain", DoubleSample.plain), ("in exponent form", DoubleSample.exponent)] {
        Benchmark("Write 1,000 doubles \(name): JSONWriter") { benchmark in
            for _ in benchmark.scaledIterations {
                var writer = JSONWriter(capacity: 32 * 1024)
                writer.beginArray()
                for value in values { writer.value(value) }
                writer.endArray()
                blackHole(writer.bytes)
            }
        }
    }

    Benchmark("Encode bagPageView: JSONEncoder (Codable)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try Sample.encoder.encode(Sample.codable))
        }
    }

    Benchmark("Validate bagPageView: runtime descriptor (parse + check)") { benchmark in
        let bytes = Sample.generated().encodedJSON()
        for _ in benchmark.scaledIterations {
            blackHole(Omnitracking.descriptor.validate(payload: try JSONValue.parse(bytes)))
        }
    }
}
