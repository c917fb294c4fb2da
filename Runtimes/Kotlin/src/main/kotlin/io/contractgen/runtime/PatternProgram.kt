package io.contractgen.runtime

/**
 * A contract pattern compiled by the generator to a program for a small
 * matching machine (docs/patterns.md), run without backtracking: at most
 * (characters + 1) × instructions steps, whatever the pattern.
 */
class PatternProgram(serialized: IntArray) {
    private val start: Int
    private val ops: IntArray
    private val xs: IntArray
    private val ys: IntArray
    /** Each set's ranges, `lo, hi` pairs. */
    private val sets: Array<IntArray>

    init {
        fun fail(why: String): Nothing = throw IllegalArgumentException("not a pattern program: $why")
        if (serialized.size < 3 || serialized[0] != 1) fail("version")
        start = serialized[1]
        val n = serialized[2]
        if (n <= 0 || start !in 0 until n || serialized.size < 3 + 3 * n + 1) fail("instruction count")
        ops = IntArray(n)
        xs = IntArray(n)
        ys = IntArray(n)
        var at = 3
        for (i in 0 until n) {
            ops[i] = serialized[at]
            xs[i] = serialized[at + 1]
            ys[i] = serialized[at + 2]
            at += 3
        }
        val m = serialized[at++]
        if (m < 0) fail("set count")
        sets = Array(m) {
            if (at >= serialized.size) fail("set")
            val k = serialized[at++]
            if (k < 0 || at + 2 * k > serialized.size) fail("range count")
            val ranges = serialized.copyOfRange(at, at + 2 * k)
            at += 2 * k
            var previous = -2
            for (r in 0 until k) {
                val lo = ranges[2 * r]
                val hi = ranges[2 * r + 1]
                if (lo <= previous + 1 || hi < lo || hi > 0x10FFFF) fail("ranges")
                previous = hi
            }
            ranges
        }
        if (at != serialized.size) fail("trailing data")
        for (i in 0 until n) {
            val ok = when (ops[i]) {
                0 -> xs[i] in 0 until m && ys[i] in 0 until n
                1 -> xs[i] in 0 until n && ys[i] in 0 until n
                2, 3, 4 -> xs[i] in 0 until n && ys[i] == 0
                5 -> xs[i] == 0 && ys[i] == 0
                else -> false
            }
            if (!ok) fail("instruction $i")
        }
    }

    /**
     * Whether the pattern is found anywhere in [value], matched code point by
     * code point; a lone surrogate is one character, U+FFFD.
     */
    fun matches(value: String): Boolean {
        val scratch = this.scratch.get()
        java.util.Arrays.fill(scratch.seen, 0)
        var pending = scratch.pending
        var pendingCount = 0
        var next = scratch.next
        val consumers = scratch.consumers
        val seen = scratch.seen  // the position + 1 at which each instruction was last followed
        val stack = scratch.stack
        var i = 0
        var position = 0
        val length = value.length
        while (true) {
            val atEnd = i >= length
            pending[pendingCount++] = start
            var consumerCount = 0
            var top = 0
            for (p in 0 until pendingCount) {
                stack[top++] = pending[p]
                while (top > 0) {
                    val pc = stack[--top]
                    if (seen[pc] == position + 1) continue
                    seen[pc] = position + 1
                    when (ops[pc]) {
                        0 -> consumers[consumerCount++] = pc
                        1 -> {
                            stack[top++] = ys[pc]
                            stack[top++] = xs[pc]
                        }
                        2 -> stack[top++] = xs[pc]
                        3 -> if (position == 0) stack[top++] = xs[pc]
                        4 -> if (atEnd) stack[top++] = xs[pc]
                        else -> return true
                    }
                }
            }
            if (atEnd) return false
            var c = value.codePointAt(i)
            i += Character.charCount(c)
            if (c in 0xD800..0xDFFF) c = 0xFFFD
            var nextCount = 0
            for (k in 0 until consumerCount) {
                val pc = consumers[k]
                if (contains(sets[xs[pc]], c)) next[nextCount++] = ys[pc]
            }
            val swap = pending
            pending = next
            next = swap
            pendingCount = nextCount
            position++
        }
    }

    /** The machine's working memory, one per thread, so that a check allocates nothing. */
    private class Scratch(n: Int) {
        val pending = IntArray(n)
        val next = IntArray(n)
        val consumers = IntArray(n)
        val seen = IntArray(n)
        // Each followed instruction pushes at most two: at most 2n + 1 entries at once.
        val stack = IntArray(2 * n + 2)
    }

    private val scratch = object : ThreadLocal<Scratch>() {
        override fun initialValue() = Scratch(ops.size)
    }

    private fun contains(ranges: IntArray, c: Int): Boolean {
        var r = 0
        while (r < ranges.size) {
            if (c < ranges[r]) return false
            if (c <= ranges[r + 1]) return true
            r += 2
        }
        return false
    }
}
