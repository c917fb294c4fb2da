// Must not compile: "XXL" is no wire value of `Size`.
import { everyType } from "../Generated/index.js";
// expect-error: Type '"XXL"' is not assignable to type 'Size
everyType({ size: "XXL" });
