// Must not compile: `shaded` requires `email`.
import { shaded } from "../Generated/index.js";
// expect-error: Property 'email' is missing
shaded({ shade: "Light Mode", step: 1, installId: "0b7e4c2a-9d1f-4e6b-8a3c-5d2e1f0a9b8c", sessionStart: new Date(0) });
