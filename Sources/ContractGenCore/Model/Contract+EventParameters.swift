extension Contract {
    /// Each event with the fields its generated function takes as parameters, before any target
    /// names them: the envelope, the kind's fields the event does not fix, then its own fields
    /// (required, then optional). The name checks of the targets whose parameters share one scope
    /// per event (TypeScript's properties, Kotlin's parameters) read this one list.
    func eventParameterScopes() -> [(event: Event, fields: [Field])] {
        let kinds = Dictionary(self.kinds.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let fields = Dictionary(self.fields.map { ($0.wireName, $0) }, uniquingKeysWith: { first, _ in first })
        return events.map { event in
            let fixed = Set(event.constants.map(\.field))
            var scope = mandatory + (kinds[event.kind]?.mandatory ?? []).filter { !fixed.contains($0.wireName) }
            scope += (event.required + event.optional).compactMap { fields[$0.name] }
            return (event, scope)
        }
    }
}
