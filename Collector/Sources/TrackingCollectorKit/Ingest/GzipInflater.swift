import TrackingGzip

/// Inflates gzip request bodies (`Content-Encoding: gzip`) with the runtime's
/// `Gzip` (root package, product TrackingGzip): one inflater for this collector,
/// the dispatcher's tests and the dispatcher's own compressor beside it.
package typealias GzipInflater = Gzip
