import { z } from 'zod/mini';
import { notAnObject } from './common';

/**
 * The accounting export (issue 25): invoices (with late fees), credit notes and payments of a date
 * range as CSV files, in the layout QuickBooks Online imports or in a plain layout for any other
 * tool. Each record is marked exported; an export never repeats one unless asked ("Export again").
 */
export const EXPORT_KINDS = ['invoices', 'credit-notes', 'payments'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
export const EXPORT_KIND_LABELS: Record<ExportKind, string> = {
  invoices: 'Invoices and late fees',
  'credit-notes': 'Credit notes',
  payments: 'Payments',
};

export const EXPORT_FORMATS = ['quickbooks', 'plain'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const EXPORT_FORMAT_LABELS: Record<ExportFormat, string> = {
  quickbooks: 'QuickBooks Online',
  plain: 'Plain CSV (any accounting tool)',
};

const DAY_MESSAGE = 'Choose a date';
const day = z.string({ error: DAY_MESSAGE }).check(z.regex(/^\d{4}-\d{2}-\d{2}$/, DAY_MESSAGE));

export const accountingExportInputSchema = z
  .object(
    {
      kind: z.enum(EXPORT_KINDS, { error: 'Choose what to export' }),
      format: z.enum(EXPORT_FORMATS, { error: 'Choose QuickBooks Online or plain CSV' }),
      from: day,
      to: day,
      /** Include records exported before ("Export again"). */
      again: z.optional(z.boolean()),
    },
    notAnObject,
  )
  .check(z.refine((input) => input.from <= input.to, { message: 'The end date must be on or after the start date', path: ['to'] }));
export type AccountingExportInput = z.output<typeof accountingExportInputSchema>;
