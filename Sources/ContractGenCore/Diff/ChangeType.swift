/// Every kind of change `contractgen diff` reports, each with one fixed
/// classification. `docs/contract-evolution.md` has a row with an example for
/// each; a test keeps the two in step.
///
/// The principle: stored history and apps still in the field produce what the
/// **old** contract allowed, so a change is breaking for the wire or the data
/// when the new contract rejects or reinterprets such a payload. A change that
/// only lets the new contract produce something the old one did not is
/// additive (an old consumer flags it as unknown; nothing is lost).
package enum ChangeType: String, Sendable, Hashable, CaseIterable {
    case contractRenamed = "contract.renamed"
    case descriptionChanged = "description.changed"

    case valueSetAdded = "valueSet.added"
    case valueSetRemoved = "valueSet.removed"
    case valueSetRenamed = "valueSet.renamed"
    case valueAdded = "valueSet.valueAdded"
    case valueRemoved = "valueSet.valueRemoved"
    case valueCodeRenamed = "valueSet.codeRenamed"
    case valueWireValueChanged = "valueSet.wireValueChanged"

    case envelopeFieldAdded = "envelope.fieldAdded"
    case envelopeFieldRemoved = "envelope.fieldRemoved"

    case kindAdded = "kind.added"
    case kindRemoved = "kind.removed"
    case kindRenamed = "kind.renamed"
    case kindFieldAdded = "kind.fieldAdded"
    case kindFieldRemoved = "kind.fieldRemoved"

    case globalAdded = "global.added"
    case globalRemoved = "global.removed"

    case objectAdded = "object.added"
    case objectRemoved = "object.removed"
    case objectRenamed = "object.renamed"
    case memberAddedOptional = "object.memberAddedOptional"
    case memberAddedRequired = "object.memberAddedRequired"
    case memberRemoved = "object.memberRemoved"
    case memberBecameRequired = "object.memberBecameRequired"
    case memberBecameOptional = "object.memberBecameOptional"

    case fieldAdded = "field.added"
    case fieldRemoved = "field.removed"
    case fieldRenamed = "field.renamed"
    case wireNameChanged = "wireName.changed"
    /// A name in code changed, one rule per code target (``CodeTarget/nameChangeType``).
    case swiftNameChanged = "swiftName.changed"
    case typescriptNameChanged = "typescriptName.changed"
    case kotlinNameChanged = "kotlinName.changed"

    case eventAdded = "event.added"
    case eventRemoved = "event.removed"
    case eventRenamed = "event.renamed"
    case eventKindChanged = "event.kindChanged"
    case eventFieldAddedOptional = "event.fieldAddedOptional"
    case eventFieldAddedRequired = "event.fieldAddedRequired"
    case eventFieldRemoved = "event.fieldRemoved"
    case eventFieldBecameRequired = "event.fieldBecameRequired"
    case eventFieldBecameOptional = "event.fieldBecameOptional"
    case eventConstantAdded = "event.constantAdded"
    case eventConstantRemoved = "event.constantRemoved"
    case eventConstantChanged = "event.constantChanged"

    case typeChanged = "type.changed"
    case constraintTightened = "constraint.tightened"
    case constraintLoosened = "constraint.loosened"
    case patternChanged = "pattern.changed"

    case defaultAdded = "default.added"
    case defaultRemoved = "default.removed"
    case defaultChanged = "default.changed"

    case deprecationAdded = "deprecation.added"
    case deprecationRemoved = "deprecation.removed"
    case deprecationChanged = "deprecation.changed"

    case piiAdded = "pii.added"
    case piiRemoved = "pii.removed"

    package var severity: ChangeSeverity { Self.table[self]!.severity }

    /// Who notices the change at ``severity``, in the order source, wire, data.
    package var affects: [ChangeAffect] { Self.table[self]!.affects }

    private static let sww: [ChangeAffect] = [.source, .wire, .data]

    // One row per rule, in the order of docs/contract-evolution.md.
    private static let table: [ChangeType: (severity: ChangeSeverity, affects: [ChangeAffect])] = [
        .contractRenamed: (.sourceBreaking, [.source]),
        .descriptionChanged: (.cosmetic, []),

        .valueSetAdded: (.additive, [.source]),
        .valueSetRemoved: (.sourceBreaking, [.source]),
        .valueSetRenamed: (.sourceBreaking, [.source]),
        // Breaks exhaustive `switch`es over the generated enum; old wire consumers only flag the new value.
        .valueAdded: (.sourceBreaking, [.source]),
        .valueRemoved: (.breaking, sww),
        .valueCodeRenamed: (.sourceBreaking, [.source]),
        .valueWireValueChanged: (.breaking, [.wire, .data]),

        .envelopeFieldAdded: (.breaking, sww),
        .envelopeFieldRemoved: (.breaking, sww),

        .kindAdded: (.additive, [.source]),
        .kindRemoved: (.sourceBreaking, [.source]),
        .kindRenamed: (.breaking, sww),
        .kindFieldAdded: (.breaking, sww),
        .kindFieldRemoved: (.breaking, sww),

        .globalAdded: (.additive, [.wire]),
        .globalRemoved: (.breaking, [.wire, .data]),

        .objectAdded: (.additive, [.source]),
        .objectRemoved: (.sourceBreaking, [.source]),
        .objectRenamed: (.sourceBreaking, [.source]),
        .memberAddedOptional: (.additive, [.source, .wire]),
        .memberAddedRequired: (.breaking, sww),
        .memberRemoved: (.breaking, sww),
        .memberBecameRequired: (.breaking, sww),
        .memberBecameOptional: (.sourceBreaking, [.source]),

        .fieldAdded: (.additive, [.source]),
        .fieldRemoved: (.sourceBreaking, [.source]),
        .fieldRenamed: (.breaking, sww),
        .wireNameChanged: (.breaking, [.wire, .data]),
        .swiftNameChanged: (.sourceBreaking, [.source]),
        .typescriptNameChanged: (.sourceBreaking, [.source]),
        .kotlinNameChanged: (.sourceBreaking, [.source]),

        .eventAdded: (.additive, [.source, .wire]),
        .eventRemoved: (.breaking, sww),
        .eventRenamed: (.breaking, sww),
        .eventKindChanged: (.breaking, sww),
        .eventFieldAddedOptional: (.additive, [.source, .wire]),
        .eventFieldAddedRequired: (.breaking, sww),
        .eventFieldRemoved: (.breaking, sww),
        .eventFieldBecameRequired: (.breaking, sww),
        .eventFieldBecameOptional: (.sourceBreaking, [.source]),
        .eventConstantAdded: (.breaking, sww),
        .eventConstantRemoved: (.sourceBreaking, [.source]),
        .eventConstantChanged: (.breaking, [.wire, .data]),

        .typeChanged: (.breaking, sww),
        .constraintTightened: (.breaking, [.wire, .data]),
        .constraintLoosened: (.additive, [.wire]),
        .patternChanged: (.breaking, [.wire, .data]),

        .defaultAdded: (.additive, [.wire]),
        .defaultRemoved: (.breaking, [.wire, .data]),
        .defaultChanged: (.breaking, [.data]),

        .deprecationAdded: (.additive, [.source]),
        .deprecationRemoved: (.cosmetic, [.source]),
        .deprecationChanged: (.cosmetic, []),

        .piiAdded: (.breaking, [.wire, .data]),
        .piiRemoved: (.additive, [.data]),
    ]
}
