/**
 * Node-only parts of `@contractgen/runtime` (`@contractgen/runtime/node`):
 * the file queue (docs/typescript.md, "Delivery").
 */
export { crc32, FileQueue, type FileQueueOptions } from "./file-queue.js";
