import * as v from 'valibot';
import { LANGUAGES } from '../languages.js';

export const LanguageSchema = v.picklist(LANGUAGES);
/** A text per interface language; missing languages fall back to the default language. */
export const TranslationsSchema = v.record(v.string(), v.string());
export type Translations = v.InferOutput<typeof TranslationsSchema>;
/** Integer amount in minor units (Rappen), spec §1. */
export const MinorUnitsSchema = v.pipe(v.number(), v.integer());
/** 0/1 flags as the ticketing back end sends them. */
export const FlagSchema = v.picklist([0, 1]);
/** YYYY-MM-DD */
export const IsoDateSchema = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/));
/** YYYYMMDD as used in calendar and sold-out ranges (§7). */
export const CompactDateSchema = v.pipe(v.string(), v.regex(/^\d{8}$/));
export const IdSchema = v.pipe(v.number(), v.integer(), v.minValue(1));
