// Prints an event with a pii field (email) in every way JavaScript and Node turn it
// into text, one form per line (TypeScriptEventDescriptionTests checks none shows the value).
import { inspect } from "node:util";
import { shaded } from "../Generated/index.js";

// step 1001 is above the maximum: the event has a violation to show.
const event = shaded({
    shade: "dark-mode", step: 1001, email: "ann.secret@example.com",
    uuid: "5f0c6e1a-2b3c-4d5e-8f90-a1b2c3d4e5f6", clientTimestamp: new Date("2026-11-20T12:00:00.123Z"),
    installId: "0b7e4c2a-9d1f-4e6b-8a3c-5d2e1f0a9b8c", sessionStart: new Date(0),
});
console.log("String " + String(event));
console.log(`template ${event}`);
console.log("concat " + event);
console.log("stringify " + JSON.stringify(event));
console.log("inspect " + inspect(event));
console.log("inspect-nested " + inspect({ event }, { breakLength: Infinity }));
console.log("console.log", event);
