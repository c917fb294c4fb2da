/// What is on screen at one instant: every item not listed is off screen.
public struct VisibilityReport: Sendable, Hashable {
    /// One visible (or partly visible) item.
    public struct Item: Sendable, Hashable {
        public var id: ImpressionItemID
        /// The item's position in its list (informational: identity is `id`).
        public var position: Int
        public var frame: ScreenRect

        public init(id: ImpressionItemID, position: Int, frame: ScreenRect) {
            self.id = id
            self.position = position
            self.frame = frame
        }
    }

    /// The scroll view's visible bounds.
    public var viewport: ScreenRect
    /// Frames drawn over the list: sticky header, tab bar, keyboard.
    public var occluders: [ScreenRect]
    public var items: [Item]

    public init(viewport: ScreenRect, occluders: [ScreenRect] = [], items: [Item]) {
        self.viewport = viewport
        self.occluders = occluders
        self.items = items
    }
}
