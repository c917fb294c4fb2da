// Placeholder until the impression engine lands (issue 6).
import TrackingCore
