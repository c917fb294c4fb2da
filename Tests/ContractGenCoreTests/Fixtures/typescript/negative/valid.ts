// Compiles: the same calls, written right (the fixtures above fail for their one mistake only).
import { Size, everyType, shaded } from "../Generated/index.js";
shaded({ shade: "Light Mode", step: 1, email: "ann@example.com" });
everyType({ text: "a", size: "XL", count: 3 });
everyType({ size: Size.M, count: 9007199254740993n, amount: "19.99", line: { sku: "1234", price: { amount: 1, currency: "EUR" } } });
everyType();
