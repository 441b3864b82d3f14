/** Injected by build.mjs (esbuild `define`). */
declare const __BUILD_HASH__: string;
declare const __BUILD_TIME__: string;
