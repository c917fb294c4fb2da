// The events of this module are generated at build time from contract.yaml
// (beside this file) by the ContractGenPlugin. The module re-exports the
// support module, so the app imports ShopEvents alone.
@_exported import TrackingCore
