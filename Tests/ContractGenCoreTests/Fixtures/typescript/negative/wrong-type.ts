// Must not compile: `count` is an int, not a string.
import { everyType } from "../Generated/index.js";
// expect-error: Type 'string' is not assignable to type 'Int
everyType({ count: "3" });
