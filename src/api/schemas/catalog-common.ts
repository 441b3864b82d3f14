/**
 * What the catalogue's answers share (spec §3, §7): ids, dates, named things, an item's
 * lifetime. Each section of the catalogue has its own module (events, tours, merchandise,
 * vouchers), so that a page loads the schemas of its own calls only (src/api/index.ts).
 */
import * as v from 'valibot';
import { MinorUnitsSchema } from './common.js';

export const Id = v.pipe(v.number(), v.integer(), v.minValue(1));
export const Int = v.pipe(v.number(), v.integer());
/** 'YYYY-MM-DD' */
export const DateString = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/));
/** 'YYYY-MM-DD HH:mm' (museum local time) */
export const DateTimeString = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/));

export const NamedSchema = v.object({ id: Id, name: v.string() });
export type Named = v.InferOutput<typeof NamedSchema>;
export const VenueSchema = NamedSchema;
export const CustomGroupSchema = NamedSchema;

/** GET ticket/lifetime and tour/lifetime/…: first and last day with slots ('YYYY-MM-DD'). */
export const LifetimeSchema = v.object({ first: DateString, last: DateString });
export type Lifetime = v.InferOutput<typeof LifetimeSchema>;


export const SubticketSchema = v.object({
  id: Id,
  name: v.string(),
  price: MinorUnitsSchema,
  vat_value: v.number(),
  min_quantity: Int,
  max_quantity: Int,
});
export type Subticket = v.InferOutput<typeof SubticketSchema>;
