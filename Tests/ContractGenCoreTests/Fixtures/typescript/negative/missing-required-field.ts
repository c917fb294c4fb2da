// Must not compile: `shaded` requires `email`.
import { shaded } from "../Generated/index.js";
// expect-error: Property 'email' is missing
shaded({ shade: "Light Mode", step: 1 });
