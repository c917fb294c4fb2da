package io.contractgen.runtime

/**
 * A contract pattern compiled by the generator to a program for a small
 * matching machine (docs/patterns.md), run without backtracking: at most
 * (characters + 1) × instructions steps, whatever the pattern.
 *
 * One engine, two speeds of the same steps, as in the Swift runtime:
 * [advance] moves the set of live instructions over one character. For ASCII
 * characters the matcher remembers those moves in a table (built from
 * [advance] itself on the first match, for small programs), so a common
 * contract pattern costs one lookup per character; at the first non-ASCII
 * character, or for a program too large for a table, it calls [advance].
 */
class PatternProgram @JvmOverloads constructor(
    serialized: IntArray,
    /** The pattern as the contract writes it, for violation messages. */
    val source: String = ""
) {
    private val start: Int
    private val ops: IntArray
    private val xs: IntArray
    private val ys: IntArray
    /** Each set's ranges, `lo, hi` pairs. */
    private val sets: Array<IntArray>

    init {
        fun fail(why: String): Nothing = throw IllegalArgumentException("not a pattern program: $why")
        if (serialized.size < 3 || serialized[0] != RuntimeConstants.FormatVersion.PATTERN_PROGRAM_FORMAT) fail("version")
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
                CONSUME -> xs[i] in 0 until m && ys[i] in 0 until n
                SPLIT -> xs[i] in 0 until n && ys[i] in 0 until n
                JUMP, ASSERT_START, ASSERT_END -> xs[i] in 0 until n && ys[i] == 0
                MATCH -> xs[i] == 0 && ys[i] == 0
                else -> false
            }
            if (!ok) fail("instruction $i")
        }
    }

    /** The table, made on the first match (patterns a process never checks cost nothing); immutable once made. */
    @Volatile
    private var table: Table? = null

    /**
     * Whether the pattern is found anywhere in [value], matched code point by
     * code point; a lone surrogate is one character, U+FFFD.
     */
    fun matches(value: String): Boolean {
        val table = this.table ?: Table(this).also { this.table = it }
        val initial = table.initial ?: return true
        val length = value.length
        if (length == 0) return table.matchesEmpty
        val moves = table.moves
        if (moves.isEmpty()) return run(value, 0, initial)
        val flags = table.flags
        // The hot loop of every contract pattern: one lookup per character.
        var state = 0
        for (i in 0 until length) {
            val c = value[i].toInt()
            if (c >= 0x80) return run(value, i, table.threads[state])
            val next = moves[state shl 7 or c]
            if (next < 0) return true
            state = next
            if (flags[state].toInt() and DEAD != 0) return false
        }
        return flags[state].toInt() and ACCEPTS_AT_END != 0
    }

    /** [advance] over [value] from index [from] (after the first character when `from > 0`), from the threads given. */
    private fun run(value: String, from: Int, threads: IntArray): Boolean {
        val run = Run(ops.size)
        System.arraycopy(threads, 0, run.threads, 0, threads.size)
        run.count = threads.size
        var i = from
        val length = value.length
        while (i < length) {
            var c = value.codePointAt(i)
            i += Character.charCount(c)
            if (c in 0xD800..0xDFFF) c = 0xFFFD
            if (advance(run, c)) return true
            if (run.count == 0) return false  // dead, as in the table: the start added no thread either
        }
        return acceptsAtEnd(run, atStart = false)
    }

    /**
     * Moves [run]'s threads over [c] (not at the start of the value); `true`
     * when a match ends here. A match may begin at any position, so the
     * program's start joins the threads at every position.
     */
    private fun advance(run: Run, c: Int): Boolean {
        run.nextPosition()
        val threads = run.threads
        val count = run.count
        run.count = 0
        run.threads = run.next
        run.next = threads
        for (t in 0 until count) {
            val pc = threads[t]
            if (ops[pc] == CONSUME && contains(sets[xs[pc]], c) && follow(run, ys[pc], atStart = false, atEnd = false)) return true
        }
        return follow(run, start, atStart = false, atEnd = false)
    }

    /** Whether the threads waiting at the end of the value reach the match. */
    private fun acceptsAtEnd(run: Run, atStart: Boolean): Boolean {
        val count = run.count
        val threads = run.threads.copyOf(count)
        run.count = 0  // what the `$` tests reach is not kept
        run.nextPosition()
        for (t in 0 until count) {
            val pc = threads[t]
            if (ops[pc] == ASSERT_END && follow(run, xs[pc], atStart, atEnd = true)) return true
        }
        return false
    }

    /**
     * Adds [from] and what it reaches without consuming to [run]'s threads
     * (consumes, and `$` tests waiting for the end when not [atEnd]); `true`
     * when it reaches the match.
     */
    private fun follow(run: Run, from: Int, atStart: Boolean, atEnd: Boolean): Boolean {
        val stack = run.stack
        val marks = run.marks
        val generation = run.generation
        var top = 0
        stack[top++] = from
        while (top > 0) {
            val pc = stack[--top]
            if (marks[pc] == generation) continue
            marks[pc] = generation
            when (ops[pc]) {
                CONSUME -> run.threads[run.count++] = pc
                SPLIT -> {
                    stack[top++] = ys[pc]
                    stack[top++] = xs[pc]
                }
                JUMP -> stack[top++] = xs[pc]
                ASSERT_START -> if (atStart) stack[top++] = xs[pc]
                ASSERT_END -> if (atEnd) stack[top++] = xs[pc] else run.threads[run.count++] = pc
                else -> return true
            }
        }
        return false
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

    /** The working memory of one match: live instructions, and which were reached at this position. */
    private class Run(n: Int) {
        var threads = IntArray(n)
        var count = 0
        var next = IntArray(n)
        val marks = IntArray(n)
        var generation = 0
        // Each reached instruction pushes at most two: at most 2n + 1 entries at once.
        val stack = IntArray(2 * n + 2)

        /** A new position: nothing reached yet. */
        fun nextPosition() {
            generation++
            if (generation == 0) {
                java.util.Arrays.fill(marks, 0)
                generation = 1
            }
        }
    }

    /**
     * The threads at the start of the value and, for a small program, every
     * set of threads reachable over ASCII characters with its moves.
     */
    private class Table(program: PatternProgram) {
        /** The threads at the start; `null` when the start reaches the match (every value matches). */
        val initial: IntArray?
        /** Whether the empty value matches. */
        val matchesEmpty: Boolean
        /** `moves[state shl 7 or char]`: the next state, or -1 when a match ends there; empty without a table. */
        val moves: IntArray
        /** Per state: its threads, to go on with [advance]. */
        val threads: Array<IntArray>
        /**
         * Per state: [ACCEPTS_AT_END] (after at least one character), [DEAD]
         * (no thread left: the start, which joins at every position, adds none
         * after the first, so none ever will).
         */
        val flags: ByteArray

        init {
            val run = Run(program.ops.size)
            run.nextPosition()
            initial = if (program.follow(run, program.start, atStart = true, atEnd = false)) null else run.threads.copyOf(run.count)
            matchesEmpty = initial == null || program.acceptsAtEnd(run, atStart = true)
            val states = if (initial != null && program.ops.size <= MAX_TABLE_INSTRUCTIONS) states(program, run, initial) else null
            moves = states?.moves?.toIntArray() ?: IntArray(0)
            threads = states?.threads?.toTypedArray() ?: emptyArray()
            flags = states?.flags?.toByteArray() ?: ByteArray(0)
        }

        private class States {
            val moves = ArrayList<Int>()
            val threads = ArrayList<IntArray>()
            val flags = ArrayList<Byte>()
            val known = HashMap<List<Int>, Int>()
        }

        /** Every set of threads reachable from [initial] over ASCII, breadth first; `null` when there are too many. */
        private fun states(program: PatternProgram, run: Run, initial: IntArray): States? {
            val states = States()

            fun state(threads: IntArray): Int? {
                val key = threads.sorted()
                states.known[key]?.let { return it }
                if (states.threads.size == MAX_TABLE_STATES) return null
                val index = states.threads.size
                states.known[key] = index
                val sorted = key.toIntArray()
                states.threads.add(sorted)
                System.arraycopy(sorted, 0, run.threads, 0, sorted.size)
                run.count = sorted.size
                val accepts = program.acceptsAtEnd(run, atStart = false)
                states.flags.add(((if (accepts) ACCEPTS_AT_END else 0) or (if (sorted.isEmpty()) DEAD else 0)).toByte())
                repeat(128) { states.moves.add(-1) }
                return index
            }

            state(initial) ?: return null
            var next = 0
            while (next < states.threads.size) {
                val threads = states.threads[next]
                for (char in 0 until 128) {
                    System.arraycopy(threads, 0, run.threads, 0, threads.size)
                    run.count = threads.size
                    if (program.advance(run, char)) continue  // -1: a match ends here
                    val target = state(run.threads.copyOf(run.count)) ?: return null
                    states.moves[next shl 7 or char] = target
                }
                next++
            }
            return states
        }
    }

    private companion object {
        const val CONSUME = RuntimeConstants.PatternOpcode.CONSUME
        const val SPLIT = RuntimeConstants.PatternOpcode.SPLIT
        const val JUMP = RuntimeConstants.PatternOpcode.JUMP
        const val ASSERT_START = RuntimeConstants.PatternOpcode.ASSERT_START
        const val ASSERT_END = RuntimeConstants.PatternOpcode.ASSERT_END
        const val MATCH = RuntimeConstants.PatternOpcode.MATCH

        const val ACCEPTS_AT_END = 1
        const val DEAD = 2

        /** Programs larger than this get no table (building it would cost more than it saves). */
        const val MAX_TABLE_INSTRUCTIONS = 512
        const val MAX_TABLE_STATES = 128
    }
}
