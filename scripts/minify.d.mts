/** Types of ./minify.mjs (the build's second minification, with terser). */
export declare const TERSER_OPTIONS: Record<string, unknown>;
/** The smallest minified file, in bytes, that keeps V8's compile hint as its first line. */
export declare const COMPILE_HINT_MIN_BYTES: number;
export declare function minifyCode(code: string, map: string | undefined, mapUrl: string): Promise<{ code: string; map: string | undefined }>;
export declare function minifyFiles(files: string[], options?: { threads?: number }): Promise<void>;
