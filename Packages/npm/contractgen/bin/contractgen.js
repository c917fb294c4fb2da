#!/usr/bin/env node
// The `contractgen` command of the npm package: runs the native executable of
// this OS and CPU (from its platform package, found through require.resolve)
// with the same arguments, standard streams and exit status.
import { spawnSync } from "node:child_process";
import { binaryPath } from "../lib/core.js";

let binary;
try {
  binary = binaryPath();
} catch (error) {
  process.stderr.write(`contractgen: ${error.message}\n`);
  process.exit(2);
}
const result = spawnSync(binary, process.argv.slice(2), { stdio: "inherit" });
if (result.error) {
  process.stderr.write(`contractgen: cannot run ${binary}: ${result.error.message}\n`);
  process.exit(2);
}
if (result.signal) {
  // Die of the same signal, so that a shell sees what the executable saw.
  process.kill(process.pid, result.signal);
}
process.exit(result.status ?? 1);
