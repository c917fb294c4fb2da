import ImpressionTracking
import Testing

@Suite struct VisibleRatioTests {
    let viewport = ScreenRect(x: 0, y: 0, width: 400, height: 800)

    @Test func fullyInsideIsOneAndOutsideIsZero() {
        #expect(VisibleRatio.of(item: ScreenRect(x: 0, y: 100, width: 400, height: 100), in: viewport) == 1)
        #expect(VisibleRatio.of(item: ScreenRect(x: 0, y: 800, width: 400, height: 100), in: viewport) == 0)
        #expect(VisibleRatio.of(item: ScreenRect(x: 0, y: -100, width: 400, height: 100), in: viewport) == 0)
    }

    @Test func clippedByTheViewportEdge() {
        let item = ScreenRect(x: 0, y: 750, width: 400, height: 100)
        #expect(VisibleRatio.of(item: item, in: viewport) == 0.5)
        #expect(VisibleRatio.of(item: item, in: viewport, measure: .height) == 0.5)
        // A tile half outside horizontally and half outside vertically shows a quarter by area.
        let corner = ScreenRect(x: 350, y: 750, width: 100, height: 100)
        #expect(VisibleRatio.of(item: corner, in: viewport) == 0.25)
        #expect(VisibleRatio.of(item: corner, in: viewport, measure: .height) == 0.5)
    }

    @Test func occludersRemoveWhatTheyCoverOnce() {
        let item = ScreenRect(x: 0, y: 0, width: 400, height: 200)
        let header = ScreenRect(x: 0, y: 0, width: 400, height: 50)
        #expect(VisibleRatio.of(item: item, in: viewport, occludedBy: [header]) == 0.75)
        // Overlapping occluders are not subtracted twice.
        let overlapping = ScreenRect(x: 0, y: 25, width: 400, height: 50)
        #expect(VisibleRatio.of(item: item, in: viewport, occludedBy: [header, overlapping]) == 0.625)
        // A floating button over a corner removes its area, not whole rows.
        let button = ScreenRect(x: 300, y: 100, width: 100, height: 100)
        #expect(VisibleRatio.of(item: item, in: viewport, occludedBy: [button]) == 0.875)
        #expect(VisibleRatio.of(item: item, in: viewport, occludedBy: [button], measure: .height) == 1)
        // Two half-width occluders side by side cover the rows completely.
        let left = ScreenRect(x: 0, y: 100, width: 200, height: 100)
        let right = ScreenRect(x: 200, y: 150, width: 200, height: 50)
        #expect(VisibleRatio.of(item: item, in: viewport, occludedBy: [left, right], measure: .height) == 0.75)
        #expect(VisibleRatio.of(item: item, in: viewport, occludedBy: [left, right]) == 0.625)
    }

    @Test func occludersOutsideTheItemChangeNothing() {
        let item = ScreenRect(x: 0, y: 300, width: 400, height: 100)
        let keyboard = ScreenRect(x: 0, y: 500, width: 400, height: 300)
        #expect(VisibleRatio.of(item: item, in: viewport, occludedBy: [keyboard]) == 1)
        #expect(VisibleRatio.of(item: item, in: viewport, occludedBy: [item]) == 0)
    }

    @Test func anItemTallerThanTheViewportCountsByTheShareOfTheViewportItFills() {
        let tall = ScreenRect(x: 0, y: -1000, width: 400, height: 3000)
        #expect(VisibleRatio.of(item: tall, in: viewport) == 1)
        #expect(VisibleRatio.of(item: tall, in: viewport, measure: .height) == 1)
        let halfway = ScreenRect(x: 0, y: 400, width: 400, height: 3000)
        #expect(VisibleRatio.of(item: halfway, in: viewport) == 0.5)
        let header = ScreenRect(x: 0, y: 0, width: 400, height: 80)
        #expect(VisibleRatio.of(item: tall, in: viewport, occludedBy: [header]) == 0.9)
    }

    @Test func emptyItemsAreNeverVisible() {
        #expect(VisibleRatio.of(item: ScreenRect(x: 0, y: 0, width: 0, height: 100), in: viewport) == 0)
        #expect(VisibleRatio.of(item: ScreenRect(x: 0, y: 0, width: 100, height: 100), in: ScreenRect(x: 0, y: 0, width: 0, height: 0)) == 0)
    }
}
