/// Which object members hold, directly or through other objects, a value of
/// their own object's type (`Category.parent: Category?`). A Swift struct
/// cannot contain itself inline, so these members are stored behind
/// `GeneratedCodeSupport.Indirect`. Array members need nothing: an array
/// already keeps its items out of line.
///
/// A member needs the box when its object type lies on a cycle with the
/// member's own object: both are in one strongly connected component of the
/// graph "object A has a member (optional or not, not an array) of object
/// type B". Validation has already refused cycles of required members alone.
struct ObjectRecursion {
    /// Object name -> wire names of its members to store indirectly.
    private(set) var indirectMembers: [String: Set<String>] = [:]

    init(_ objects: [ObjectType]) {
        let names = objects.map(\.name)
        var index: [String: Int] = [:]
        for (position, name) in names.enumerated() where index[name] == nil { index[name] = position }
        func target(_ field: Field) -> Int? {
            if case .object(let name) = field.spec.type { return index[name] }
            return nil
        }
        let edges = objects.map { ($0.required + $0.optional).compactMap(target) }
        let component = Self.components(edges)
        for (position, object) in objects.enumerated() {
            for field in object.required + object.optional {
                if let target = target(field), component[target] == component[position] {
                    indirectMembers[object.name, default: []].insert(field.wireName)
                }
            }
        }
    }

    func isIndirect(_ object: String, member wireName: String) -> Bool {
        indirectMembers[object]?.contains(wireName) ?? false
    }

    /// The strongly connected component of every node (Tarjan's algorithm,
    /// iterative: a contract's objects are user-sized input, so no recursion).
    static func components(_ edges: [[Int]]) -> [Int] {
        let count = edges.count
        var order = [Int](repeating: -1, count: count)
        var low = [Int](repeating: 0, count: count)
        var onStack = [Bool](repeating: false, count: count)
        var component = [Int](repeating: -1, count: count)
        var stack: [Int] = []
        var nextOrder = 0
        var nextComponent = 0
        for root in 0..<count where order[root] < 0 {
            // Each frame: a node and the index of its next edge to follow.
            var frames: [(node: Int, edge: Int)] = [(root, 0)]
            order[root] = nextOrder; low[root] = nextOrder; nextOrder += 1
            stack.append(root); onStack[root] = true
            while let (node, edge) = frames.last {
                if edge < edges[node].count {
                    frames[frames.count - 1].edge += 1
                    let successor = edges[node][edge]
                    if order[successor] < 0 {
                        order[successor] = nextOrder; low[successor] = nextOrder; nextOrder += 1
                        stack.append(successor); onStack[successor] = true
                        frames.append((successor, 0))
                    } else if onStack[successor] {
                        low[node] = min(low[node], order[successor])
                    }
                    continue
                }
                frames.removeLast()
                if let parent = frames.last?.node { low[parent] = min(low[parent], low[node]) }
                if low[node] == order[node] {
                    while let member = stack.popLast() {
                        onStack[member] = false
                        component[member] = nextComponent
                        if member == node { break }
                    }
                    nextComponent += 1
                }
            }
        }
        return component
    }
}
