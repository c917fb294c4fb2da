// Must not compile: "XXL" is no wire value of `Size`.
import { everyType } from "../Generated/index.js";
// expect-error: Type '"XXL"' is not assignable to type 'Size
everyType({ size: "XXL", installId: "0b7e4c2a-9d1f-4e6b-8a3c-5d2e1f0a9b8c", sessionStart: new Date(0) });
