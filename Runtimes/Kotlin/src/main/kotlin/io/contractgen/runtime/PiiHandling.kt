package io.contractgen.runtime

/** What a [JsonWriter] does with the members of fields marked `pii` (docs/conformance.md, `withoutPii`, `redacted`). */
enum class PiiHandling {
    /** Written as they are: the wire bytes. */
    KEEP,

    /** Left out, at every depth: the bytes sent once consent to personal data is denied. */
    REMOVE,

    /** Each value replaced by `"<redacted>"`: the bytes logs show. */
    REDACT
}
