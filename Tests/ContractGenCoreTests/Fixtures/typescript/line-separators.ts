// The line-separators contract compiles (tsc --strict) and its values read
// back as the contract has them: U+2028 and U+2029 escaped in the source,
// never raw in a string literal.
import { Mode, homeView } from "./Generated/index.js";
import { expectEqual, finish } from "./check.js";

expectEqual(Mode.a, "x\u2028y", "value set wire value with U+2028");
expectEqual(Mode.b, "p\u2029q", "value set wire value with U+2029");
const event = homeView({ code: "a\u2028b" });
expectEqual(event.isValid, true, "a value matching a pattern with U+2028");
expectEqual(homeView({ code: "a b" }).isValid, false, "a value the pattern refuses");
const wire = JSON.parse(event.wireJSON()) as Record<string, unknown>;
expectEqual(wire.mode, "x\u2028y", "the constant the event fixes");
expectEqual(wire.code, "a\u2028b", "the field's value");
finish();
