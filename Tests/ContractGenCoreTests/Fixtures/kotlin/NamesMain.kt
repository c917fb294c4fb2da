package test.run

// Calls generated functions of the Kotlin names contract (Tests/Reference/KotlinNames)
// and of the Names contract (Tests/Reference/Names) by their hostile names, and prints
// each event's wire JSON on a line of its own (KotlinTargetTests compares them).
object NamesMain {
    @JvmStatic
    fun main(args: Array<kotlin.String>) {
        val id = java.util.UUID.fromString("5f0c6e1a-2b3c-4d5e-8f90-a1b2c3d4e5f6")
        val at = java.time.Instant.parse("2026-11-20T12:00:00.123Z")
        val any = test.kotlinnames.Any(`when` = "w", `is` = 1L, `in` = test.kotlinnames.Unit.IN, java = "j", io = "i")
        val whenEvent = test.kotlinnames.Thread.`when`(
            `object` = test.kotlinnames.Object(any = any, writer = "x", path = "p"), `fun` = "f", java = "J", kotlin = "K",
            uuid = id, clientTimestamp = at)
        println(whenEvent.encodedJSON())
        println(test.kotlinnames.Thread.toString_(uuid = id, clientTimestamp = at).encodedJSON())
        val isEvent = test.kotlinnames.Thread.`is`(
            `val` = test.kotlinnames.String.FANCY, eventName = "n", violations = 3L, `typealias` = test.kotlinnames.Pair.SECOND,
            uuid = id, clientTimestamp = at)
        check(isEvent.`val` == test.kotlinnames.String.FANCY && isEvent.eventName_ == "n" && isEvent.violations_ == 3L)
        check(isEvent.eventName == "is" && isEvent.violations.isEmpty())
        println(isEvent.encodedJSON())
        println(test.kotlinnames.Thread.signUp(userId = "a", userID = "b", uuid = id, clientTimestamp = at).encodedJSON())
        val result = test.kotlinnames.Result(`interface` = "i", copy = "c", hashCode = 5L)
        println(test.kotlinnames.Thread.signup(result = result, unit = test.kotlinnames.Unit.FUN, uuid = id, clientTimestamp = at).encodedJSON())
        println(test.kotlinnames.Thread.`in`(p0 = "a", w = "b", v = "c", uuid = id, clientTimestamp = at).encodedJSON())
        val globals = io.contractgen.runtime.JsonWriter()
        globals.beginObject()
        test.kotlinnames.ThreadGlobals().writeMembers(globals)
        globals.endObject()
        println(globals)
        println(test.names.Shop.protocol(xOptional = 5L, x = "y", uuid = id, clientTimestamp = at).encodedJSON())
    }
}
