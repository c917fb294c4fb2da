// The types and event functions of this module are generated at build time from
// contract/contract.yaml by the ContractGenPlugin (see contractgen.json).
// Apps import this module alone: it re-exports the support module.
@_exported import TrackingCore
