import { and, eq, inArray, or } from 'drizzle-orm';
import { auditKindLabel } from '../../../shared/audit';
import type { AuditWords } from '../../../shared/api/audit';
import type { Executor } from '../../db/executor';
import {
  customers,
  estimates,
  invoices,
  lateFees,
  payments,
  photos,
  priceBookServices,
  serviceAgreements,
  properties,
  quoteRequests,
  serviceRequests,
  servicePlans,
  users,
  visitChecklistItems,
  visits,
} from '../../db/schema';
import { displayName } from '../../../shared/display-name';
import { monthText, shortDateText } from '../../../shared/date-formats';
import { formatCents } from '../../../shared/money';
import { AGREEMENT_TERMS, TERM_NAMES } from '../../../shared/estimate-totals';

/**
 * The audit log in words (issue 22): "Sam Nowak ticked “Sweep lot” on the visit to Southridge
 * Plaza, Nov 24", with a link to the console's page of what was acted on. The stored rows keep
 * the route and the target's id; the names are looked up when the log is read, so a renamed
 * property reads with its new name and a removed one says so.
 */

/** What the log needs to put an event into words: its row as listed, and the person's name. */
export interface WordableEvent {
  kind: string;
  action: string;
  targetType: string | null;
  targetId: string | null;
  outcome: string;
  summary: string;
  actor: { name: string } | null;
}

interface Target {
  /** "the visit to Southridge Plaza, Nov 24" */
  text: string;
  href: string | null;
}

interface Resolved {
  target: Target | null;
  /** The checklist item's label, for a tick. */
  item?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const localDay = shortDateText;

/** "status=won, note" → { status: 'won', note: '' }: the fields a write sent, with the values the log kept. */
export function summaryFields(summary: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const part of summary.split(', ')) {
    if (!part) continue;
    const at = part.indexOf('=');
    fields.set(at < 0 ? part : part.slice(0, at), at < 0 ? '' : part.slice(at + 1));
  }
  return fields;
}

/** Looks up every target of a page of events at once: one query per kind of record. */
async function resolveTargets(db: Executor, events: WordableEvent[]): Promise<Map<string, Resolved>> {
  const ids = (type: string) => [
    ...new Set(events.filter((e) => e.targetType === type && e.targetId && UUID.test(e.targetId)).map((e) => e.targetId!)),
  ];
  const found = new Map<string, Resolved>();
  const key = (type: string, id: string) => `${type}:${id}`;

  const jobs: Array<Promise<void>> = [];
  /** Reads the records of one type named in the page, and keeps each one's words. */
  const lookup = <Row extends { id: string }>(type: string, read: (wanted: string[]) => Promise<Row[]>, words: (row: Row) => Target) => {
    const wanted = ids(type);
    if (wanted.length)
      jobs.push(
        read(wanted).then((rows) => {
          for (const row of rows) found.set(key(type, row.id), { target: words(row) });
        }),
      );
  };
  // A quote request is `/api/contact/:id` (SPEC §7) and, in the console's newer routes, `/api/admin/quote-requests/:id`.
  for (const type of ['contact', 'quote-requests'])
    lookup(
      type,
      (wanted) =>
        db
          .select({ id: quoteRequests.id, name: quoteRequests.name, email: quoteRequests.email })
          .from(quoteRequests)
          .where(inArray(quoteRequests.id, wanted)),
      (row) => ({ text: `the quote request from ${row.name}`, href: `/admin/submissions?q=${encodeURIComponent(row.email)}` }),
    );
  lookup(
    'customers',
    (wanted) => db.select({ id: customers.id, name: customers.name }).from(customers).where(inArray(customers.id, wanted)),
    (row) => ({ text: row.name, href: `/admin/customers/${row.id}` }),
  );
  lookup(
    'properties',
    (wanted) => db.select({ id: properties.id, name: properties.name }).from(properties).where(inArray(properties.id, wanted)),
    (row) => ({ text: row.name, href: `/admin/properties/${row.id}` }),
  );
  lookup(
    'visits',
    (wanted) =>
      db
        .select({ id: visits.id, name: properties.name, date: visits.scheduledDate })
        .from(visits)
        .innerJoin(properties, eq(properties.id, visits.propertyId))
        .where(inArray(visits.id, wanted)),
    (row) => ({ text: `the visit to ${row.name}, ${localDay(row.date)}`, href: `/admin/visits/${row.id}` }),
  );
  // The checklist items ticked: their labels, by visit and position.
  const ticks = events
    .filter((e) => e.targetType === 'visits' && e.targetId && UUID.test(e.targetId) && e.action.includes('/checklist/'))
    .map((e) => ({ visitId: e.targetId!, position: Number(summaryFields(e.summary).get('position')) }))
    .filter((item) => Number.isInteger(item.position));
  if (ticks.length)
    jobs.push(
      db
        .select({ visitId: visitChecklistItems.visitId, position: visitChecklistItems.position, label: visitChecklistItems.label })
        .from(visitChecklistItems)
        .where(
          or(...ticks.map((item) => and(eq(visitChecklistItems.visitId, item.visitId), eq(visitChecklistItems.position, item.position)))),
        )
        .then((items) => {
          for (const item of items) found.set(key('checklist', `${item.visitId}/${item.position}`), { target: null, item: item.label });
        }),
    );
  lookup(
    'photos',
    (wanted) =>
      db
        .select({ id: photos.id, propertyId: properties.id, name: properties.name })
        .from(photos)
        .innerJoin(properties, eq(properties.id, photos.propertyId))
        .where(inArray(photos.id, wanted)),
    (row) => ({ text: `a photo of ${row.name}`, href: `/admin/properties/${row.propertyId}` }),
  );
  lookup(
    'plans',
    (wanted) =>
      db
        .select({ id: servicePlans.id, plan: servicePlans.name, propertyId: properties.id, name: properties.name })
        .from(servicePlans)
        .innerJoin(properties, eq(properties.id, servicePlans.propertyId))
        .where(inArray(servicePlans.id, wanted)),
    (row) => ({ text: `the plan “${row.plan}” of ${row.name}`, href: `/admin/properties/${row.propertyId}` }),
  );
  lookup(
    'service-requests',
    (wanted) =>
      db
        .select({ id: serviceRequests.id, name: properties.name, customer: customers.name })
        .from(serviceRequests)
        .innerJoin(properties, eq(properties.id, serviceRequests.propertyId))
        .innerJoin(customers, eq(customers.id, serviceRequests.customerId))
        .where(inArray(serviceRequests.id, wanted)),
    (row) => ({ text: `the request from ${row.customer} about ${row.name}`, href: '/admin/submissions?view=requests' }),
  );
  lookup(
    'estimates',
    (wanted) =>
      db
        .select({ id: estimates.id, number: estimates.number, version: estimates.version, company: estimates.companyName })
        .from(estimates)
        .where(inArray(estimates.id, wanted)),
    (row) => ({
      text: `estimate ${row.number}${row.version > 1 ? ` (version ${row.version})` : ''} for ${row.company}`,
      href: `/admin/estimates/${row.id}`,
    }),
  );
  lookup(
    'price-book',
    (wanted) =>
      db
        .select({ id: priceBookServices.id, name: priceBookServices.name })
        .from(priceBookServices)
        .where(inArray(priceBookServices.id, wanted)),
    (row) => ({ text: `“${row.name}” in the price book`, href: '/admin/price-book' }),
  );
  lookup(
    'invoices',
    (wanted) =>
      db
        .select({ id: invoices.id, number: invoices.number, periodStart: invoices.periodStart, name: customers.name })
        .from(invoices)
        .innerJoin(customers, eq(customers.id, invoices.customerId))
        .where(inArray(invoices.id, wanted)),
    (row) => ({
      text: row.number ? `invoice ${row.number} of ${row.name}` : `the draft invoice of ${row.name} for ${monthText(row.periodStart)}`,
      href: `/admin/invoices/${row.id}`,
    }),
  );
  lookup(
    'agreements',
    (wanted) =>
      db
        .select({ id: serviceAgreements.id, name: customers.name })
        .from(serviceAgreements)
        .innerJoin(customers, eq(customers.id, serviceAgreements.customerId))
        .where(inArray(serviceAgreements.id, wanted)),
    (row) => ({ text: `the service agreement of ${row.name}`, href: `/admin/agreements/${row.id}` }),
  );
  lookup(
    'payments',
    (wanted) =>
      db
        .select({ id: payments.id, amountCents: payments.amountCents, customerId: customers.id, name: customers.name })
        .from(payments)
        .innerJoin(customers, eq(customers.id, payments.customerId))
        .where(inArray(payments.id, wanted)),
    (row) => ({ text: `the payment of ${formatCents(row.amountCents)} from ${row.name}`, href: `/admin/customers/${row.customerId}` }),
  );
  lookup(
    'late-fees',
    (wanted) =>
      db
        .select({ id: lateFees.id, invoiceId: invoices.id, number: invoices.number, name: customers.name })
        .from(lateFees)
        .innerJoin(invoices, eq(invoices.id, lateFees.invoiceId))
        .innerJoin(customers, eq(customers.id, invoices.customerId))
        .where(inArray(lateFees.id, wanted)),
    (row) => ({ text: `the late fee on invoice ${row.number ?? ''} of ${row.name}`, href: `/admin/invoices/${row.invoiceId}` }),
  );
  // People: staff and crew (their accounts are on the crew page), and customers' users (on their company's page).
  const personTypes = ['staff', 'users', 'customer-users'];
  const personIds = [...new Set(personTypes.flatMap(ids))];
  if (personIds.length)
    jobs.push(
      db
        .select({
          id: users.id,
          email: users.email,
          firstName: users.firstName,
          lastName: users.lastName,
          role: users.role,
          customerId: users.customerId,
        })
        .from(users)
        .where(inArray(users.id, personIds))
        .then((rows) => {
          for (const row of rows) {
            const href = row.role === 'customer' ? (row.customerId ? `/admin/customers/${row.customerId}` : null) : '/admin/crew';
            for (const type of personTypes) found.set(key(type, row.id), { target: { text: displayName(row), href } });
          }
        }),
    );
  await Promise.all(jobs);
  return found;
}

/** The record an event was about, in words, when it is gone (or was never named). */
const GONE: Record<string, string> = {
  contact: 'a quote request that was since removed',
  'quote-requests': 'a quote request that was since removed',
  customers: 'a customer that was since removed',
  properties: 'a property that was since removed',
  visits: 'a visit that was since removed',
  photos: 'a photo that was since removed',
  plans: 'a plan that was since removed',
  'service-requests': 'a request that was since removed',
  staff: 'an account that was since removed',
  users: 'an account that was since removed',
  'customer-users': 'an account that was since removed',
  estimates: 'an estimate that was since removed',
  'price-book': 'a price-book service that was since removed',
  invoices: 'an invoice that was since removed',
  agreements: 'a service agreement that was since removed',
  payments: 'a payment that was since removed',
  'late-fees': 'a late fee that was since removed',
};

/** What a list or area is called, for refusals and exports of a whole list. */
const AREAS: Record<string, string> = {
  contact: 'the quote requests',
  'quote-requests': 'the quote requests',
  'export.csv': 'the quote requests',
  customers: 'the customers',
  properties: 'the properties',
  visits: 'the visits',
  schedule: 'the schedule',
  'audit-events': 'the audit log',
  'audit-events.csv': 'the audit log',
  people: 'the audit log',
  staff: 'the staff accounts',
  'crew-members': 'the crew',
  'service-requests': 'the customers’ requests',
  'openapi.json': 'the API description',
  estimates: 'the estimates',
  'price-book': 'the price book',
  invoices: 'the invoices',
  'billing-runs': 'the invoices',
  'billing-settings': 'the billing settings',
  agreements: 'the service agreements',
  payments: 'the payments',
  'late-fees': 'the late fees',
  'invoice-settings': 'the invoice settings',
  receivables: 'the receivables',
  'accounting-exports': 'the accounting export',
};

type Phrase = (words: { target: string; fields: Map<string, string>; item?: string }) => string;

/** ", from the portal": how a customer's answer came (`by=portal`), or ", by the estimate’s link" (`by=link`). */
const answeredBy = (fields: Map<string, string>) =>
  fields.get('by') === 'portal' ? ', from the portal' : fields.get('by') === 'link' ? ', by the estimate’s link' : '';

/** ", 12 months": the term chosen on accepting. */
const termChosen = (fields: Map<string, string>) => {
  const term = AGREEMENT_TERMS.find((known) => known === fields.get('term'));
  return term ? `, ${TERM_NAMES[term].toLowerCase()}` : '';
};

/**
 * The name a prospect typed on accepting by the estimate's link (nobody is signed in there): the
 * summary's last field, which may itself hold ", ".
 */
const signerOf = (summary: string) => /(?:^|, )signer=(.+)$/.exec(summary)?.[1] ?? null;

const SKIP_WORDS: Record<string, string> = { weather: 'the weather', holiday: 'a holiday', customer_request: 'the customer’s request' };

/** Each audited route's words: what the person did to the target (written "…" where the target goes). */
const PHRASES: Record<string, Phrase> = {
  'PATCH /api/contact/:id': ({ target, fields }) =>
    fields.has('status') ? `moved ${target} to “${fields.get('status')}”` : `changed ${target}`,
  'POST /api/contact/:id/notes': ({ target }) => `added a note to ${target}`,
  'GET /api/contact/export.csv': () => 'exported the quote requests as a CSV file',
  'POST /api/admin/customers': () => 'added a customer',
  'PATCH /api/admin/customers/:id': ({ target }) => `changed the details of ${target}`,
  'POST /api/admin/customers/:id/users': ({ target }) => `added a portal user to ${target}`,
  'POST /api/admin/customers/:id/properties': ({ target }) => `added a property to ${target}`,
  'POST /api/admin/users/:id/invite': ({ target }) => `invited ${target} to the customer portal`,
  'PATCH /api/admin/customer-users/:id': ({ target, fields }) =>
    fields.get('disabled') === 'true'
      ? `switched off ${target}’s portal access`
      : fields.get('disabled') === 'false'
        ? `switched ${target}’s portal access back on`
        : `changed ${target}’s portal access`,
  'PATCH /api/admin/properties/:id': ({ target }) => `changed the details of ${target}`,
  'DELETE /api/admin/properties/:id': ({ target }) => `deleted ${target}`,
  'POST /api/admin/properties/:id/photos': ({ target, fields }) =>
    `uploaded ${fields.has('photoType') ? `a ${fields.get('photoType')} photo` : 'a photo'} of ${target}`,
  'PATCH /api/admin/photos/:id': ({ target }) => `changed ${target}`,
  'DELETE /api/admin/photos/:id': ({ target }) => `deleted ${target}`,
  'PUT /api/admin/properties/:id/location': ({ target }) => `set the location of ${target}`,
  'POST /api/admin/properties/:id/location/confirm': ({ target }) => `confirmed the crew’s location for ${target}`,
  'DELETE /api/admin/properties/:id/location/proposal': ({ target }) => `dismissed the crew’s proposed location for ${target}`,
  'POST /api/admin/properties/:id/plans': ({ target }) => `added a service plan to ${target}`,
  'PATCH /api/admin/plans/:id': ({ target }) => `changed ${target}`,
  'POST /api/admin/plans/:id/end': ({ target }) => `ended ${target}`,
  'POST /api/admin/visits': () => 'scheduled a one-off visit',
  'PATCH /api/admin/visits/:id': ({ target, fields }) =>
    fields.has('scheduledDate')
      ? `moved ${target} to ${/^\d{4}-\d{2}-\d{2}$/.test(fields.get('scheduledDate')!) ? localDay(fields.get('scheduledDate')!) : 'another day'}`
      : fields.has('skipReason') || fields.has('reason')
        ? `skipped ${target}${SKIP_WORDS[fields.get('skipReason') ?? fields.get('reason') ?? ''] ? ` for ${SKIP_WORDS[fields.get('skipReason') ?? fields.get('reason')!]}` : ''}`
        : fields.has('crewUserIds')
          ? `changed the crew of ${target}`
          : `corrected the record of ${target}`,
  'POST /api/admin/visits/:id/photos': ({ target }) => `added a photo to ${target}`,
  'PATCH /api/admin/service-requests/:id': ({ target, fields }) =>
    fields.has('status') ? `marked ${target} “${fields.get('status')}”` : `answered ${target}`,
  'POST /api/admin/service-requests/:id/visit': ({ target }) => `turned ${target} into a visit`,
  'POST /api/admin/quote-requests/:id/assessments': ({ target }) => `scheduled a free property visit for ${target}`,
  'POST /api/admin/estimates': () => 'wrote a new estimate',
  'PUT /api/admin/estimates/:id': ({ target }) => `changed the draft of ${target}`,
  'POST /api/admin/estimates/:id/send': ({ target }) => `sent ${target}`,
  'POST /api/admin/estimates/:id/revise': ({ target }) => `revised ${target}`,
  'POST /api/admin/estimates/:id/extend': ({ target, fields }) =>
    /^\d{4}-\d{2}-\d{2}$/.test(fields.get('validUntil') ?? '')
      ? `extended ${target} to ${localDay(fields.get('validUntil')!)}`
      : `extended ${target}`,
  'POST /api/admin/billing-runs': ({ fields }) =>
    /^\d{4}-\d{2}$/.test(fields.get('month') ?? '') ? `prepared the invoices for ${monthText(fields.get('month')!)}` : 'prepared invoices',
  'POST /api/admin/invoices/:id/lines': ({ target, fields }) =>
    `added a line to ${target}${fields.get('reason') ? `: “${fields.get('reason')}”` : ''}`,
  'POST /api/admin/invoices/:id/lines/:lineId/remove': ({ target, fields }) =>
    `took a line off ${target}${fields.get('reason') ? `: “${fields.get('reason')}”` : ''}`,
  'POST /api/admin/invoices/:id/approve': ({ target, fields }) =>
    fields.get('sent') === 'false' ? `pressed “Approve and send” again on ${target} (it had been sent)` : `approved and sent ${target}`,
  'POST /api/admin/invoices/approve': ({ fields }) => {
    const numbers = (fields.get('sent') ?? '').split(' ').filter((number) => /^\d{4}-\d{5}$/.test(number));
    const refused = Number(fields.get('refused') ?? 0);
    const sent = numbers.length
      ? `approved and sent ${numbers.length === 1 ? `invoice ${numbers[0]}` : `invoices ${numbers.join(', ')}`}`
      : 'approved no invoices';
    return refused > 0 ? `${sent} (${refused} refused)` : sent;
  },
  'POST /api/admin/invoices/:id/void': ({ target, fields }) =>
    `${fields.get('voided') === 'false' ? 'pressed “Void” again on' : 'voided'} ${target}${fields.get('reason') ? `: “${fields.get('reason')}”` : ''}`,
  'POST /api/admin/invoices/:id/credit-notes': ({ target, fields }) => {
    const number = /^CN-\d{4}-\d{5}$/.test(fields.get('number') ?? '') ? ` ${fields.get('number')}` : '';
    const amount = /^\$[\d,]+\.\d\d$/.test(fields.get('amount') ?? '') ? ` of ${fields.get('amount')}` : '';
    const again = fields.get('issued') === 'false' ? ' again (nothing more was issued)' : '';
    return `issued credit note${number}${amount} against ${target}${again}${fields.get('reason') ? `: “${fields.get('reason')}”` : ''}`;
  },
  'POST /api/admin/accounting-exports': ({ fields }) => {
    const what =
      { invoices: 'invoices and late fees', 'credit-notes': 'credit notes', payments: 'payments' }[fields.get('kind') ?? ''] ?? 'records';
    const how =
      fields.get('format') === 'quickbooks' ? ' for QuickBooks Online' : fields.get('format') === 'plain' ? ' as a plain CSV file' : '';
    const dates =
      /^\d{4}-\d{2}-\d{2}$/.test(fields.get('from') ?? '') && /^\d{4}-\d{2}-\d{2}$/.test(fields.get('to') ?? '')
        ? ` from ${localDay(fields.get('from')!)} to ${localDay(fields.get('to')!)}`
        : '';
    const count = /^\d+$/.test(fields.get('records') ?? '') ? ` (${fields.get('records')})` : '';
    return `exported the ${what}${dates}${how}${count}${fields.get('again') === 'true' ? ', again' : ''}`;
  },
  'POST /api/admin/price-book': () => 'added a service to the price book',
  'PATCH /api/admin/price-book/:id': ({ target, fields }) =>
    fields.get('active') === 'false'
      ? `retired ${target}`
      : fields.get('active') === 'true'
        ? `restored ${target}`
        : fields.has('priceCents')
          ? `changed the price of ${target}`
          : `changed ${target}`,
  'PUT /api/admin/billing-settings': () => 'changed the term discounts and sales-tax rates',
  'POST /api/admin/payments': ({ fields }) => {
    const amount = fields.get('amount') ?? '';
    const method = { check: 'a check', ach: 'an ACH transfer', card: 'a card payment', cash: 'cash' }[fields.get('method') ?? ''];
    const words = `recorded ${/^\$[\d,]+\.\d\d$/.test(amount) ? `a payment of ${amount}` : 'a payment'}${method ? ` (${method})` : ''}`;
    const applied = (fields.get('applied') ?? '')
      .split(' ')
      .map((part) => part.split(':')[0]!)
      .filter((number) => /^\d{4}-\d{5}$/.test(number));
    const again = fields.get('recorded') === 'false' ? ' again (it had been recorded; nothing more was stored)' : '';
    return `${words}${again}${applied.length ? `, applied to ${applied.length === 1 ? 'invoice' : 'invoices'} ${applied.join(', ')}` : ''}`;
  },
  'POST /api/admin/payments/:id/delete': ({ target, fields }) =>
    `deleted ${target}${fields.get('reason') ? `: “${fields.get('reason')}”` : ''}`,
  'POST /api/admin/customers/:id/apply-credit': ({ target, fields }) =>
    /^\$[\d,]+\.\d\d$/.test(fields.get('applied') ?? '')
      ? `applied ${fields.get('applied')} of ${target}’s account credit to its open invoices`
      : `applied ${target}’s account credit to its open invoices`,
  'POST /api/admin/late-fees/:id/waive': ({ target, fields }) =>
    `waived ${target}${fields.get('reason') ? `: “${fields.get('reason')}”` : ''}`,
  'PUT /api/admin/customers/:id/billing': ({ target }) => `changed how ${target} is billed`,
  'PUT /api/admin/invoice-settings': () => 'changed the invoice settings (late fees and reminders)',
  'GET /api/admin/estimates/:id/pdf': ({ target }) => `downloaded the PDF of ${target}`,
  'GET /api/portal/agreements/:id/signed-pdf': ({ target }) => `downloaded the signed copy of ${target} from the portal`,
  'GET /api/admin/agreements/:id/signed-pdf': ({ target }) => `downloaded the signed copy of ${target}`,
  'GET /api/portal/estimates/:id/pdf': ({ target }) => `downloaded ${target} as a PDF from the portal`,
  'GET /api/portal/invoices/:id/pdf': ({ target }) => `downloaded ${target} as a PDF from the portal`,
  'POST /api/admin/staff': () => 'added a staff member',
  'PATCH /api/admin/staff/:id': ({ target, fields }) =>
    fields.has('role')
      ? `made ${target} ${fields.get('role') === 'office' ? 'an office' : `a${fields.get('role') === 'owner' ? 'n' : ''} ${fields.get('role')}`} user`
      : fields.get('disabled') === 'true'
        ? `switched off ${target}’s account`
        : fields.get('disabled') === 'false'
          ? `switched ${target}’s account back on`
          : `changed ${target}’s account`,
  'POST /api/admin/staff/:id/reset-passkeys': ({ target }) => `reset ${target}’s passkeys`,
  'POST /api/admin/crew-members': () => 'invited a new crew member',
  'GET /api/admin/audit-events.csv': () => 'exported the audit log as a CSV file',
  'GET /api/admin/properties/:id/reports/:month.pdf': ({ target }) => `downloaded the monthly report of ${target}`,
  'GET /api/admin/customers/:id/reports/:month.pdf': ({ target }) => `downloaded the monthly report of ${target}`,
  'GET /api/properties/:id/reports/:month.pdf': ({ target }) => `downloaded the monthly report of ${target} from the portal`,
  'POST /api/crew/visits/:id/start': ({ target }) => `checked in at ${target}`,
  'PUT /api/crew/visits/:id/checklist/:position': ({ target, fields, item }) =>
    `${fields.get('done') === 'false' ? 'unticked' : 'ticked'} ${item ? `“${item}”` : 'a checklist item'} on ${target}`,
  'POST /api/crew/visits/:id/issues': ({ target }) => `reported a site issue on ${target}`,
  'POST /api/crew/visits/:id/photos': ({ target, fields }) =>
    `added ${fields.get('kind') === 'before' || fields.get('kind') === 'after' ? `${fields.get('kind') === 'after' ? 'an' : 'a'} ${fields.get('kind')} photo` : fields.get('kind') === 'issue' ? 'a photo of a site issue' : 'a photo'} to ${target}`,
  'POST /api/crew/visits/:id/complete': ({ target }) => `completed ${target}`,
  'estimate.accept': ({ target, fields }) => `accepted ${target}${termChosen(fields)}${answeredBy(fields)}`,
  'estimate.request-changes': ({ target, fields }) => `asked for changes to ${target}${answeredBy(fields)}`,
  'estimate.decline': ({ target, fields }) => `declined ${target}${fields.has('reason') ? ' (with a reason)' : ''}${answeredBy(fields)}`,
  'agreement.cancel': ({ target, fields }) =>
    `gave notice to cancel ${target}${/^\d{4}-\d{2}-\d{2}$/.test(fields.get('endsOn') ?? '') ? `, ending ${localDay(fields.get('endsOn')!)}` : ''}${answeredBy(fields)}`,
  'DELETE /api/account/sessions/:id': () => 'ended one of their own sessions',
  'POST /api/account/sessions/sign-out-others': () => 'signed out their other sessions',
  'sign-in.link': () => 'signed in with an e-mail link',
  'sign-in.passkey': () => 'signed in with a passkey',
  'sign-in.recovery-code': () => 'signed in with a recovery code',
  'sign-out': () => 'signed out',
};

/** Whether the log has words of its own for this route or named action (every staff write should). */
export const hasWordsFor = (action: string) => Object.hasOwn(PHRASES, action);

const SIGN_IN_PROBLEMS: Record<string, string> = {
  invalid: 'the link was not valid',
  expired: 'the link had expired',
  used: 'the link had been used already',
  'confirm-email': 'the e-mail address was not confirmed',
};

const FAILED_SIGN_INS: Record<string, string> = {
  'sign-in.link': 'with an e-mail link',
  'sign-in.passkey': 'with a passkey',
  'sign-in.recovery-code': 'with a recovery code',
};

/** "access to the customers", "a change to Plaza A": what a refused request was after. */
const refusedWhat = (event: WordableEvent, target: Target | null, area: string | null) =>
  `${/^(GET|HEAD) /.test(event.action) ? 'access to' : 'a change to'} ${target ? target.text : (area ?? `“${event.action}”`)}`;

/** One event in words, with a link to its target's page in the console when there is one. */
function wordsFor(event: WordableEvent, resolved: Map<string, Resolved>): AuditWords {
  const fields = summaryFields(event.summary);
  const who = event.actor?.name ?? signerOf(event.summary) ?? (fields.get('by') === 'link' ? 'Someone' : 'Someone not signed in');
  const found = event.targetType && event.targetId ? resolved.get(`${event.targetType}:${event.targetId}`) : undefined;
  const target: Target | null =
    found?.target ??
    (event.targetType && event.targetId ? { text: GONE[event.targetType] ?? `a record that was since removed`, href: null } : null);
  const item =
    event.targetId && fields.has('position') ? resolved.get(`checklist:${event.targetId}/${fields.get('position')}`)?.item : undefined;
  const area = event.targetType ? (AREAS[event.targetType] ?? null) : null;
  const link = target?.href ? { href: target.href, text: target.text } : null;
  const phrase = PHRASES[event.action];

  switch (event.kind) {
    case 'sign_in_failed': {
      const how = FAILED_SIGN_INS[event.action] ?? '';
      const why = SIGN_IN_PROBLEMS[fields.get('problem') ?? ''];
      const text = `${event.actor ? who : 'Someone'} tried to sign in${how ? ` ${how}` : ''} and was refused${why ? `: ${why}` : ''}`;
      return { text, link: event.actor ? link : null };
    }
    case 'refused': {
      const why = event.summary.replace(/^Refused:?\s*/i, '');
      return {
        text: `${who} was refused ${refusedWhat(event, target, area)}${why ? (why.startsWith('by ') ? ` ${why}` : `: ${why}`) : ''}`,
        link,
      };
    }
    case 'refused_anonymous':
      // Counted per IP and minute; the link is left out, as the page is not what someone reached.
      return {
        text: `A request from another site or with no session was refused ${refusedWhat(event, target, area)}${event.summary ? ` (${event.summary})` : ''}`,
        link: null,
      };
    case 'passkey':
      if (event.action === 'operator.reset-passkeys')
        return { text: `The operator reset ${target?.text ?? 'an account'}’s passkeys from the command line`, link };
      if (phrase) break;
      return {
        text: `${who} ${event.summary ? event.summary[0]!.toLowerCase() + event.summary.slice(1) : 'changed their passkeys'}`,
        link,
      };
    default:
      break;
  }
  if (phrase) return { text: `${who} ${phrase({ target: target?.text ?? area ?? 'a record', fields, item })}`, link };
  // A route or kind this version has no words for: still a sentence, with what the log kept.
  const text = `${who}: ${auditKindLabel(event.kind)}, ${event.action}${target ? ` on ${target.text}` : ''}${event.summary ? ` (${event.summary})` : ''}`;
  return { text, link };
}

/** A page of events in words, in the same order. */
export async function describeAuditEvents(db: Executor, events: WordableEvent[]): Promise<AuditWords[]> {
  const resolved = await resolveTargets(db, events);
  return events.map((event) => wordsFor(event, resolved));
}
