// Must not compile: `everyType` has no field `colour`.
import { everyType } from "../Generated/index.js";
// expect-error: Object literal may only specify known properties
everyType({ text: "a", colour: "red", installId: "0b7e4c2a-9d1f-4e6b-8a3c-5d2e1f0a9b8c", sessionStart: new Date(0) });
