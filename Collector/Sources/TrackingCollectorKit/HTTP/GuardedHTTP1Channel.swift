import HummingbirdCore
import Logging
import NIOCore

/// Hummingbird's HTTP/1.1 channel with a `RequestHeadGuard` in front of its parser
/// (Hummingbird's own extra handlers go after the parser, too late to answer 414
/// or 431 before the parser holds the bytes).
struct GuardedHTTP1Channel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value

    let inner: HTTP1Channel
    let limits: CollectorLimits
    let registry: ConnectionRegistry

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let limits = self.limits
        let inner = self.inner
        let registry = self.registry
        return channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(RequestHeadGuard(limits: limits, registry: registry))
        }.flatMap {
            inner.setup(channel: channel, logger: logger)
        }
    }

    func handle(value: Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }
}

extension HTTPServerBuilder {
    /// HTTP/1.1 with the collector's limits: the guard, the parser's own limits set
    /// just above the guard's (a backstop), and the idle timeout; `registry` follows
    /// the connections (idle ones make room for new ones).
    static func guardedHTTP1(limits: CollectorLimits, registry: ConnectionRegistry) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in
            let configuration = HTTP1Channel.Configuration(
                idleTimeout: .milliseconds(Int64(limits.idleTimeout * 1_000)),
                httpDecoderConfiguration: .init(maxHeaderFieldSize: limits.maxHeadBytes + 1_024,
                                                maxHeaderListSize: limits.maxHeadBytes + 1_024,
                                                maxHeaderFieldCount: 200))
            return GuardedHTTP1Channel(inner: HTTP1Channel(responder: responder, configuration: configuration), limits: limits,
                                       registry: registry)
        }
    }
}
