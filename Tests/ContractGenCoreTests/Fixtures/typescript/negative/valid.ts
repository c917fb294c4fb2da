// Compiles: the same calls, written right (the fixtures above fail for their one mistake only).
import { Size, everyType, shaded } from "../Generated/index.js";
shaded({ shade: "Light Mode", step: 1, email: "ann@example.com", installId: "0b7e4c2a-9d1f-4e6b-8a3c-5d2e1f0a9b8c", sessionStart: new Date(0) });
everyType({ text: "a", size: "XL", count: 3, installId: "0b7e4c2a-9d1f-4e6b-8a3c-5d2e1f0a9b8c", sessionStart: new Date(0) });
everyType({ size: Size.M, count: 9007199254740993n, amount: "19.99", line: { sku: "1234", price: { amount: 1, currency: "EUR" } }, installId: "0b7e4c2a-9d1f-4e6b-8a3c-5d2e1f0a9b8c", sessionStart: new Date(0) });
everyType({ installId: "0b7e4c2a-9d1f-4e6b-8a3c-5d2e1f0a9b8c", sessionStart: new Date(0) });
