// The entry of the rollup build in scripts/npm-packages-test.sh: prints the
// events the generated code exports, so the test sees what a rebuild bundled.
import * as tracking from "./generated/index.js";

console.log(Object.keys(tracking).filter((name) => name !== "$contract").sort().join(" "));
