/** Types for `chromium-flags.mjs` (shared by the TypeScript configs and the JavaScript benchmarks). */
export declare const CHROMIUM_ARGS: string[];
