extension Array {
    /// This array's storage, emptied, leaving `self` empty: the storage then
    /// has one owner, so the caller can fill it again without a copy or a new
    /// allocation (renderers reuse their buffers from file to file and event to event).
    mutating func takeStorage() -> [Element] {
        var taken: [Element] = []
        swap(&taken, &self)
        taken.removeAll(keepingCapacity: true)
        return taken
    }
}
