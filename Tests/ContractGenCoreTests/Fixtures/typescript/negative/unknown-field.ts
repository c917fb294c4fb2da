// Must not compile: `everyType` has no field `colour`.
import { everyType } from "../Generated/index.js";
// expect-error: Object literal may only specify known properties
everyType({ text: "a", colour: "red" });
