// Placeholder until the dispatcher lands (issue 5).
import TrackingCore
