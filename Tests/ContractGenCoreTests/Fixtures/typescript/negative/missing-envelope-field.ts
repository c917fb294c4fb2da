// Must not compile: the envelope's `installId` is the app's value (only `uuid` and `clientTimestamp` are filled in).
import { everyType } from "../Generated/index.js";
// expect-error: Property 'installId' is missing
everyType({ sessionStart: new Date(0) });
