import { z } from 'zod/mini';
import { notAnObject } from './common';
import { SERVICE_UNITS, TAX_CLASSES, UNIT_NAMES, type AgreementTerm } from '../estimate-totals';
import { centsSchema, dollarsInputSchema, formatCents } from '../money';
import { basisPointsSchema, percentInputSchema } from '../percent';
import { required } from '../staff-schemas';
import { invalidCharacterMessage, oneLineText, storableText } from '../storable-text';
import type { TaxRates } from '../tax-jurisdictions';

/**
 * The price book and the billing settings (issue 24): the company's services with their default
 * prices, the term discounts and the sales-tax rates. Money is integer cents, rates and discounts
 * integer basis points (1 % = 100). The console's forms take dollars and percents as people type
 * them and turn them into the same cents and basis points (`…FormSchema`).
 */

/** The most a service may cost: the database refuses more ($1,000,000.00). */
export const MAX_PRICE_CENTS = 100_000_000;
export const PRICE_MESSAGE = `Enter a price from $0.00 to ${formatCents(MAX_PRICE_CENTS)}`;
export const MAX_CHECKLIST_ITEMS = 30;
export const DISCOUNT_MESSAGE = 'Enter a discount between 0% and 100%';
export const TAX_RATE_MESSAGE = 'Enter a tax rate between 0% and 100%';
export const UNIT_MESSAGE = `Choose a unit: ${SERVICE_UNITS.map((unit) => UNIT_NAMES[unit]).join(', ')}`;
export const TAX_CLASS_MESSAGE = 'Choose whether the service is taxable or not taxed';
export const DUPLICATE_SERVICE_MESSAGE = 'The price book already has a service with this name';

/** How the console names a tax class: Wisconsin taxes landscaping, not the cleaning of real property. */
export const TAX_CLASS_NAMES = { exempt: 'Not taxed', taxable: 'Taxable' } as const satisfies Record<(typeof TAX_CLASSES)[number], string>;

const priceCents = centsSchema.check(z.lte(MAX_PRICE_CENTS, PRICE_MESSAGE));
const unit = z.enum(SERVICE_UNITS, { error: UNIT_MESSAGE });
const taxClass = z.enum(TAX_CLASSES, { error: TAX_CLASS_MESSAGE });
const description = z
  .string({ error: 'The description must be text' })
  .check(
    z.trim(),
    z.maxLength(500, 'The description must be at most 500 characters'),
    storableText(invalidCharacterMessage('The description')),
    oneLineText('The description'),
  );
const checklistItem = required('Each checklist item', 200);
const checklist = z
  .array(checklistItem, { error: 'The checklist must be a list of items' })
  .check(z.maxLength(MAX_CHECKLIST_ITEMS, `A checklist has at most ${MAX_CHECKLIST_ITEMS} items`));
const POSITION_MESSAGE = 'The position must be a whole number from 0 to 10000';
const position = z.int({ error: POSITION_MESSAGE }).check(z.gte(0, POSITION_MESSAGE), z.lte(10_000, POSITION_MESSAGE));

/** A service as the console lists it. */
export const priceBookServiceSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  unit,
  priceCents: centsSchema,
  taxClass,
  checklist: z.array(z.string()),
  /** Its place in the list (lower first). */
  position: z.int(),
  /** False once retired: kept for the estimates that name it, offered for no new one. */
  active: z.boolean(),
});
export type PriceBookService = z.output<typeof priceBookServiceSchema>;

/** POST /api/admin/price-book: a new service; without a position it goes last. */
export const priceBookServiceCreateSchema = z.object(
  {
    name: required('Name', 100),
    description: z._default(description, ''),
    unit,
    priceCents,
    taxClass,
    checklist: z._default(checklist, []),
    position: z.optional(position),
  },
  notAnObject,
);
export type PriceBookServiceCreate = z.output<typeof priceBookServiceCreateSchema>;

/** PATCH /api/admin/price-book/{id}: only the fields sent change; `active: false` retires it, `true` restores it. */
export const priceBookServiceUpdateSchema = z.object(
  {
    name: z.optional(required('Name', 100)),
    description: z.optional(description),
    unit: z.optional(unit),
    priceCents: z.optional(priceCents),
    taxClass: z.optional(taxClass),
    checklist: z.optional(checklist),
    position: z.optional(position),
    active: z.optional(z.boolean({ error: 'Active must be true or false' })),
  },
  notAnObject,
);
export type PriceBookServiceUpdate = z.output<typeof priceBookServiceUpdateSchema>;

/** The checklist as the form's text box holds it: one item per line, blank lines left out. */
export const checklistFromText = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * The console's service form: the price typed in dollars ("85", "85.00", "$1,250") and the
 * checklist one item per line; out come the same fields the API takes.
 */
export const priceBookServiceFormSchema = z.object({
  name: required('Name', 100),
  description,
  unit,
  priceCents: z.pipe(dollarsInputSchema, priceCents),
  taxClass,
  checklist: z.pipe(
    z.pipe(
      z.string(),
      z.transform((text: string) => checklistFromText(text)),
    ),
    checklist,
  ),
});
export type PriceBookServiceFormValues = z.input<typeof priceBookServiceFormSchema>;

const discount = basisPointsSchema(DISCOUNT_MESSAGE);
const taxRate = basisPointsSchema(TAX_RATE_MESSAGE);

/** GET and PUT /api/admin/billing-settings: each term's discount, and each sales tax on its own. */
export const billingSettingsSchema = z.object(
  {
    termDiscounts: z.object(
      { 'month-to-month': discount, '6-months': discount, '12-months': discount } satisfies Record<AgreementTerm, unknown>,
      { error: 'Send the term discounts as an object' },
    ),
    taxRates: z.object(
      { stateBp: taxRate, milwaukeeCountyBp: taxRate, milwaukeeCityBp: taxRate, waukeshaCountyBp: taxRate } satisfies Record<
        keyof TaxRates,
        unknown
      >,
      { error: 'Send the tax rates as an object' },
    ),
  },
  notAnObject,
);
export type BillingSettings = z.output<typeof billingSettingsSchema>;

const discountInput = percentInputSchema(DISCOUNT_MESSAGE);
const taxRateInput = percentInputSchema(TAX_RATE_MESSAGE);

/** The console's billing settings form: percents as typed ("10", "0.9"), out as basis points. */
export const billingSettingsFormSchema = z.object({
  termDiscounts: z.object({ 'month-to-month': discountInput, '6-months': discountInput, '12-months': discountInput }),
  taxRates: z.object({
    stateBp: taxRateInput,
    milwaukeeCountyBp: taxRateInput,
    milwaukeeCityBp: taxRateInput,
    waukeshaCountyBp: taxRateInput,
  }),
});
export type BillingSettingsFormValues = z.input<typeof billingSettingsFormSchema>;
