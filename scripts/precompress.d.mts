export declare const COMPRESSIBLE: ReadonlySet<string>;
export declare const MIN_COMPRESS_SIZE: number;
/** Writes `<file>.br` and `<file>.gz` beside every compressible file under `dir` (not index.html). */
export declare function precompress(dir: string): { files: number; written: number };
