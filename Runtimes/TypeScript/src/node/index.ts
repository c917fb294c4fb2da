/**
 * `@contractgen/runtime/node`: what only Node can run (a file-backed queue).
 * A placeholder that reserves the subpath export; the Node-only delivery
 * replaces it.
 */
export {};
