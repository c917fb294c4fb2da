// Must not compile: `count` is an int, not a string.
import { everyType } from "../Generated/index.js";
// expect-error: Type 'string' is not assignable to type 'Int
everyType({ count: "3", installId: "0b7e4c2a-9d1f-4e6b-8a3c-5d2e1f0a9b8c", sessionStart: new Date(0) });
