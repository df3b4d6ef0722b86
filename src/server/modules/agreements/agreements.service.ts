import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Agreement, AgreementLine } from '../../../shared/api/estimates';
import { TERM_MONTHS } from '../../../shared/estimate-totals';
import { CANCEL_NOTICE_DAYS } from '../../../shared/estimates';
import { addDays, localDateText, localToday } from '../../../shared/local-dates';
import { lineFrequency } from '../../../shared/line-frequency';
import { inTransaction, type Executor } from '../../db/executor';
import { agreementLines, customers, estimates, properties, serviceAgreements } from '../../db/schema';
import { NotFoundError, RequestError } from '../../errors';
import { staffNoticeRecipients } from '../accounts';
import { recordAuditEvent, type AuditActor } from '../audit';
import { enqueueEmail, type MailContext } from '../mail';
import { endPlan } from '../plans';
import { agreementNoticeEmail } from './agreement-emails';

type AgreementRow = typeof serviceAgreements.$inferSelect;

/** Where the portal downloads an agreement's signed copy. */
export const signedPdfPath = (agreementId: string) => `/api/portal/agreements/${agreementId}/signed-pdf`;

/**
 * The day an agreement renews or ends: a fixed term renews month to month the day after its last
 * day (while that is still ahead); an agreement given notice ends on `endsOn`; month-to-month
 * otherwise runs on with no date.
 */
export function renewsOn(row: Pick<AgreementRow, 'status' | 'endsOn' | 'termEndDate'>, today: string = localToday()): string | null {
  if (row.status !== 'active') return row.endsOn;
  return row.termEndDate && row.termEndDate >= today ? addDays(row.termEndDate, 1) : null;
}

async function agreementsWhere(db: Executor, where: ReturnType<typeof eq>): Promise<Agreement[]> {
  const rows = await db
    .select({ agreement: serviceAgreements, estimateNumber: estimates.number })
    .from(serviceAgreements)
    .innerJoin(estimates, eq(estimates.id, serviceAgreements.estimateId))
    .where(where)
    .orderBy(desc(serviceAgreements.createdAt), desc(serviceAgreements.id));
  if (!rows.length) return [];
  const lines = await db
    .select({
      line: agreementLines,
      property: {
        id: properties.id,
        name: properties.name,
        address: properties.address,
        city: properties.city,
        state: properties.state,
        zipCode: properties.zipCode,
        poNumber: properties.poNumber,
      },
    })
    .from(agreementLines)
    .innerJoin(properties, eq(properties.id, agreementLines.propertyId))
    .where(
      inArray(
        agreementLines.agreementId,
        rows.map((row) => row.agreement.id),
      ),
    )
    .orderBy(asc(agreementLines.position));
  const today = localToday();
  return rows.map(({ agreement, estimateNumber }) => {
    const own = lines.filter(({ line }) => line.agreementId === agreement.id);
    return {
      id: agreement.id,
      customerId: agreement.customerId,
      estimateId: agreement.estimateId,
      estimateNumber,
      term: agreement.term,
      discountBp: agreement.discountBp,
      startDate: agreement.startDate,
      termEndDate: agreement.termEndDate,
      renewsOn: renewsOn(agreement, today),
      status: agreement.status,
      endsOn: agreement.endsOn,
      signedPdfUrl: signedPdfPath(agreement.id),
      lines: own.map(({ line, property }) => agreementLineView(line, property.name)),
      // Each property once, in the order its first line comes.
      properties: [...new Map(own.map(({ property }) => [property.id, property])).values()],
    };
  });
}

/** An agreement's line as the portal and the console show it: its price, its frequency in words and its plan. */
export const agreementLineView = (line: typeof agreementLines.$inferSelect, propertyName: string): AgreementLine => ({
  id: line.id,
  propertyId: line.propertyId,
  propertyName,
  name: line.name,
  unit: line.unit,
  unitPriceCents: line.unitPriceCents,
  taxClass: line.taxClass,
  taxRateBp: line.taxRateBp,
  frequency: lineFrequency(line),
  rrule: line.rrule,
  planId: line.planId,
});

/** A customer's service agreements, newest first, with their lines and the properties' names. */
export const customerAgreements = (db: Executor, customerId: string) => agreementsWhere(db, eq(serviceAgreements.customerId, customerId));

/** One agreement; NotFoundError for an unknown id. */
export async function getAgreement(db: Executor, id: string): Promise<Agreement> {
  const [agreement] = await agreementsWhere(db, eq(serviceAgreements.id, id));
  if (!agreement) throw new NotFoundError();
  return agreement;
}

/** Whose agreement this is and the estimate it came from, for the caller's policy check; NotFoundError for an unknown id. */
export async function agreementOwner(db: Executor, id: string): Promise<{ customerId: string; estimateId: string }> {
  const [row] = await db
    .select({ customerId: serviceAgreements.customerId, estimateId: serviceAgreements.estimateId })
    .from(serviceAgreements)
    .where(eq(serviceAgreements.id, id))
    .limit(1);
  if (!row) throw new NotFoundError();
  return row;
}

/**
 * A customer cancels a month-to-month agreement (or a fixed term past its last day, which runs
 * month to month) with CANCEL_NOTICE_DAYS days' notice: it is "ending" and ends on today plus the
 * notice, its plans end that day, and staff are told by e-mail. Given notice already, it answers
 * as it is and nothing is sent again. A fixed term still running is refused (409) with its dates.
 */
export async function cancelAgreement(
  db: Executor,
  mail: MailContext,
  id: string,
  /** The customer's user who gives notice: named to staff, and the audit log's actor. */
  by: { name: string; email: string; actor: AuditActor },
  now: Date = new Date(),
): Promise<Agreement> {
  const today = localToday(now);
  const mailed = await inTransaction(db, async (tx) => {
    const [row] = await tx.select().from(serviceAgreements).where(eq(serviceAgreements.id, id)).for('update');
    if (!row) throw new NotFoundError();
    if (row.status === 'ending') return false;
    if (row.status === 'ended') throw new RequestError(409, 'This agreement has already ended');
    if (row.termEndDate && row.termEndDate >= today) {
      const message =
        `This is a ${TERM_MONTHS[row.term]}-month agreement: it runs through ${localDateText(row.termEndDate, { month: 'long', day: 'numeric', year: 'numeric' })}, ` +
        `then renews month to month on ${localDateText(addDays(row.termEndDate, 1), { month: 'long', day: 'numeric', year: 'numeric' })}, ` +
        'when it can be cancelled with 30 days’ notice. Call or write to us to talk about it.';
      throw new RequestError(409, message);
    }
    const endsOn = addDays(today, CANCEL_NOTICE_DAYS);
    await tx.update(serviceAgreements).set({ status: 'ending', endsOn, noticeGivenAt: now }).where(eq(serviceAgreements.id, id));
    const plans = await tx
      .selectDistinct({ planId: agreementLines.planId })
      .from(agreementLines)
      .where(sql`${agreementLines.agreementId} = ${id} and ${agreementLines.planId} is not null`);
    // A plan that would start after the notice ends ends on its first day.
    const lastDay = endsOn < row.startDate ? row.startDate : endsOn;
    for (const { planId } of plans) await endPlan(tx, planId!, lastDay, { today });
    // In the same transaction, after the checks: a repeat (already ending) or a refusal records nothing.
    await recordAuditEvent(tx, by.actor, {
      kind: 'write',
      action: 'agreement.cancel',
      outcome: 'ok',
      statusCode: 200,
      targetType: 'agreements',
      targetId: id,
      summary: `by=portal, endsOn=${endsOn}`,
    });
    const [company] = await tx.select({ name: customers.name }).from(customers).where(eq(customers.id, row.customerId));
    const [estimate] = await tx.select({ number: estimates.number }).from(estimates).where(eq(estimates.id, row.estimateId));
    for (const to of await staffNoticeRecipients(tx, mail)) {
      await enqueueEmail(
        tx,
        agreementNoticeEmail(to, {
          companyName: company!.name,
          estimateNumber: estimate!.number,
          by,
          endsOn,
          consoleUrl: new URL(`/admin/customers/${row.customerId}`, mail.appUrl).toString(),
        }),
      );
    }
    return true;
  });
  if (mailed) mail.queued();
  return getAgreement(db, id);
}
