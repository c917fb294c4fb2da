/// Contract text the tests build their small contracts from.
enum ContractText {
    /// What every valid contract starts with: its name, version and the two
    /// mandatory fields. A test writes its kinds, fields and events after it
    /// (the line `\(ContractText.head)` in a multi-line literal; no final newline).
    static let head = """
        contract: Shop
        version: 1.0.0
        mandatory:
          uuid: { type: uuid }
          clientTimestamp: { type: timestamp }
        """
}
