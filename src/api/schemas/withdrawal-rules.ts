/**
 * The remote config's part of the withdrawal function (issue 46): which kinds carry the right and
 * for how long. Apart from src/api/schemas/withdrawal.ts because every page reads the config:
 * the rest of the function's shapes load only with its page.
 */
import * as v from 'valibot';

/** The kinds of line whose right of withdrawal the operator sets (docs/api.md). */
export const WITHDRAWAL_KINDS = ['merchandise', 'annualPass', 'voucher'] as const;
export type WithdrawalKind = (typeof WITHDRAWAL_KINDS)[number];

/** The statutory minimum period; an operator may grant more, never less. */
export const WITHDRAWAL_MIN_DAYS = 14;
/** The longest period the configuration accepts (a year: a longer one is surely a typing error). */
export const WITHDRAWAL_MAX_DAYS = 365;

/** One kind's rule: whether it carries the right, and for how many days. */
export const WithdrawalKindRuleSchema = v.object({
  right: v.boolean(),
  days: v.pipe(v.number(), v.integer(), v.minValue(WITHDRAWAL_MIN_DAYS), v.maxValue(WITHDRAWAL_MAX_DAYS)),
});
export type WithdrawalKindRule = v.InferOutput<typeof WithdrawalKindRuleSchema>;

/**
 * The remote config's `withdrawal_rules`: a rule per configurable kind, each optional (absent: the
 * default of src/domain/withdrawal.ts). Dated admissions and tours are not configurable: they
 * never carry the right (Art. 16(l)).
 */
export const WithdrawalRulesSchema = v.strictObject({
  merchandise: v.optional(WithdrawalKindRuleSchema),
  annualPass: v.optional(WithdrawalKindRuleSchema),
  voucher: v.optional(WithdrawalKindRuleSchema),
});
export type WithdrawalRules = v.InferOutput<typeof WithdrawalRulesSchema>;
