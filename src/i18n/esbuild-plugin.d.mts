/** Types of ./esbuild-plugin.mjs (plain ESM, so build.mjs can import it without a compiler). */
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'esbuild';

export declare const SHELL_PREFIXES: ReadonlySet<string>;
export declare function isShellKey(key: string): boolean;
export declare function journeyParts(messages: Record<string, unknown>): string[];
export declare function cataloguePart<T>(messages: Record<string, T>, part: string | undefined): Record<string, T>;
export declare function partModuleSource(compiled: unknown, part: string | undefined, journeyPartNames: readonly string[], specifier: (part: string) => string): string;
export declare function compileCatalogue(messages: Record<string, unknown>, label?: string): Record<string, MessageFormatElement[]>;
/** `firstImport`: a module each part of the catalogue imports first (build.mjs: the shared shell). */
export declare function i18nPlugin(options?: { firstImport?: string }): Plugin;
export default i18nPlugin;
