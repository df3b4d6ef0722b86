import { and, eq, isNotNull, notExists, sql } from 'drizzle-orm';
import { company } from '../../../shared/company';
import { mediumDateText } from '../../../shared/date-formats';
import { localToday } from '../../../shared/local-dates';
import { formatCents } from '../../../shared/money';
import { inTransaction, type Executor } from '../../db/executor';
import { customers, invoiceReminders, invoices, lateFees } from '../../db/schema';
import { ConflictError, NotFoundError } from '../../errors';
import { enqueueEmail, type EmailMessage, type MailContext } from '../mail';
import { billingSettingsRow } from '../pricing';
import { amountDueCents, daysPastDue, daysPastDueSql, owing } from './balances';
import { billingRecipients } from './invoice-sending';
import { billingNoticeEmail } from './payment-emails';

/**
 * Collections (issue 25): late fees charged on overdue invoices, never before the customer's own
 * due date and the grace period, and reminders before and after the due date, each sent once.
 * Both run as a periodic job on every instance; unique keys make each fee and reminder happen once.
 */

/** Half away from zero, once: a percentage (basis points) of an amount in cents. */
const percentOf = (cents: number, basisPoints: number) => Math.floor((cents * basisPoints + 5000) / 10000);

/**
 * Charges the late fee the settings describe (a flat amount, or a percentage of what is still due)
 * on each sent invoice still owed on more than the grace period's days after its due date, which
 * follows from the customer's own terms. At most one per invoice (a unique key). Answers how many.
 */
export async function applyLateFees(db: Executor, today: string = localToday()): Promise<number> {
  const settings = await billingSettingsRow(db);
  if (settings.lateFeeKind === 'off') return 0;
  const due = await db
    .select({ id: invoices.id, dueCents: amountDueCents })
    .from(invoices)
    .where(
      and(
        owing,
        isNotNull(invoices.dueOn),
        sql`${daysPastDueSql(today)} > ${settings.lateFeeGraceDays}`,
        notExists(
          db
            .select({ one: sql`1` })
            .from(lateFees)
            .where(eq(lateFees.invoiceId, invoices.id)),
        ),
      ),
    );
  const fees = due
    .map((invoice) => ({
      invoiceId: invoice.id,
      amountCents: settings.lateFeeKind === 'flat' ? settings.lateFeeFlatCents : percentOf(invoice.dueCents, settings.lateFeePercentBp),
      appliedOn: today,
    }))
    .filter((fee) => fee.amountCents > 0);
  if (!fees.length) return 0;
  const added = await db.insert(lateFees).values(fees).onConflictDoNothing().returning({ id: lateFees.id });
  return added.length;
}

export const FEE_WAIVED_ALREADY = 'This late fee has been waived already';

/** POST /api/admin/late-fees/{id}/waive: the fee no longer counts in what the invoice asks for. */
export async function waiveLateFee(db: Executor, id: string, actorId: string | null): Promise<{ invoiceId: string; amountCents: number }> {
  const [fee] = await db
    .update(lateFees)
    .set({ waivedAt: new Date(), waivedBy: actorId })
    .where(and(eq(lateFees.id, id), sql`${lateFees.waivedAt} is null`))
    .returning({ invoiceId: lateFees.invoiceId, amountCents: lateFees.amountCents });
  if (fee) return fee;
  const [existing] = await db.select({ id: lateFees.id }).from(lateFees).where(eq(lateFees.id, id));
  if (!existing) throw new NotFoundError();
  throw new ConflictError('id', FEE_WAIVED_ALREADY);
}

/** The reminders the settings ask for, as days from the due date: negative before it (the friendly one), positive after. */
function reminderOffsets(settings: { reminderDaysBefore: number | null; reminderDaysAfter: number[] }): number[] {
  const after = [...new Set(settings.reminderDaysAfter.filter((days) => days > 0))].sort((a, b) => a - b);
  return settings.reminderDaysBefore ? [-settings.reminderDaysBefore, ...after] : after;
}

/**
 * The reminder an invoice is due for today, if any: the latest offset reached. The friendly one
 * before the due date goes only while the invoice is not yet due, and only if it was sent before
 * that day (an invoice due on receipt gets none); once overdue, the next overdue one waits for its day.
 */
export function reminderDue(offsets: readonly number[], daysPast: number, issuedDaysBeforeDue: number): number | null {
  const reached = offsets.filter((offset) => offset <= daysPast);
  if (!reached.length) return null;
  const latest = reached[reached.length - 1]!;
  if (latest < 0 && (daysPast > 0 || issuedDaysBeforeDue <= -latest)) return null;
  return latest;
}

/**
 * Sends each invoice the reminder it is due for: the amount due and a link to the invoice, to the
 * customer's billing contacts. None for an invoice paid or void, or whose customer has reminders
 * paused. Each goes once (a key per invoice and offset, taken in the transaction that queues the
 * e-mail); a reminder missed while no instance ran is not sent late once a later one is due.
 */
export async function sendInvoiceReminders(db: Executor, mail: MailContext, today: string = localToday()): Promise<number> {
  const settings = await billingSettingsRow(db);
  const offsets = reminderOffsets(settings);
  if (!offsets.length) return 0;
  const candidates = await db
    .select({ id: invoices.id, dueOn: invoices.dueOn, issuedOn: invoices.issuedOn, daysPast: daysPastDueSql(today) })
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customerId))
    .where(and(owing, eq(customers.remindersPaused, false), isNotNull(invoices.dueOn), sql`${daysPastDueSql(today)} >= ${offsets[0]!}`));
  let sent = 0;
  for (const candidate of candidates) {
    const issuedDaysBeforeDue = candidate.issuedOn ? daysPastDue(candidate.issuedOn, candidate.dueOn!) : 0;
    const offset = reminderDue(offsets, Number(candidate.daysPast), issuedDaysBeforeDue);
    if (offset === null) continue;
    const queued = await inTransaction(db, async (tx) => {
      const passed = offsets.filter((earlier) => earlier <= offset).map((earlier) => ({ invoiceId: candidate.id, offsetDays: earlier }));
      const taken = await tx
        .insert(invoiceReminders)
        .values(passed)
        .onConflictDoNothing()
        .returning({ offsetDays: invoiceReminders.offsetDays });
      if (!taken.some((row) => row.offsetDays === offset)) return false;
      const [invoice] = await tx
        .select({
          number: invoices.number,
          customerId: invoices.customerId,
          dueOn: invoices.dueOn,
          dueCents: amountDueCents,
          customerName: customers.name,
        })
        .from(invoices)
        .innerJoin(customers, eq(customers.id, invoices.customerId))
        .where(and(eq(invoices.id, candidate.id), owing));
      if (!invoice) return false;
      const invoiceUrl = new URL(`/customer-dashboard/invoices/${candidate.id}`, mail.appUrl).toString();
      for (const recipient of await billingRecipients(tx, invoice.customerId)) {
        await enqueueEmail(
          tx,
          reminderEmail({
            to: recipient.email,
            name: recipient.name,
            offset,
            invoiceUrl,
            acceptsAch: settings.achInstructions.trim() !== '',
            ...invoice,
            dueOn: invoice.dueOn!,
          }),
        );
      }
      return true;
    });
    if (queued) sent += 1;
  }
  if (sent) mail.queued();
  return sent;
}

interface ReminderDetails {
  to: string;
  name: string | null;
  offset: number;
  number: string | null;
  customerName: string;
  dueOn: string;
  dueCents: number;
  invoiceUrl: string;
  acceptsAch: boolean;
}

/** A reminder: before the due date a friendly note; after it, how long it has been overdue. Both give the amount due and the link. */
export function reminderEmail(details: ReminderDetails): EmailMessage {
  const number = details.number ?? '';
  const amount = formatCents(details.dueCents);
  const due = mediumDateText(details.dueOn);
  const before = details.offset < 0;
  return billingNoticeEmail({
    to: details.to,
    name: details.name,
    subject: before ? `Invoice ${number} is due on ${due}` : `Invoice ${number} is ${details.offset} days overdue: ${amount} due`,
    heading: before ? `A reminder: invoice ${number} is due on ${due}` : `Invoice ${number} is past due`,
    intro: before
      ? `a friendly reminder that invoice ${number} from ${company.name} comes due on ${due}. If you have already sent payment, thank you, and please disregard this note.`
      : `our records show invoice ${number} from ${company.name} was due on ${due} and is now ${details.offset} days overdue. If you have already sent payment, thank you: it may have crossed with this e-mail.`,
    fields: [
      ['Invoice', `No. ${number}`],
      ['Billed to', details.customerName],
      ['Amount due', amount],
      ['Due date', due],
    ],
    paragraphs: [
      `To pay, send a check payable to ${company.name} with invoice ${number} on the memo line${details.acceptsAch ? ', or pay by ACH with the bank details on the invoice' : ''}.`,
    ],
    button: { label: 'Open the invoice', url: details.invoiceUrl },
  });
}
