#if canImport(CoreGraphics)
import CoreGraphics
import ImpressionTracking

// The only place where CoreGraphics values become the engine's numbers.
extension ScreenRect {
    init(_ rect: CGRect) {
        self.init(x: Double(rect.minX), y: Double(rect.minY), width: Double(rect.width), height: Double(rect.height))
    }
}

extension ScreenPoint {
    init(_ point: CGPoint) { self.init(x: Double(point.x), y: Double(point.y)) }
}
#endif
