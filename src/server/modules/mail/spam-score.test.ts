/**
 * Every e-mail the product sends scores below 2.0 with SpamAssassin's local rules
 * (`spamassassin -L`, no network tests), so it reaches inboxes. Each template is rendered with
 * realistic values, built into the full MIME message nodemailer sends (inline images
 * included), and scored in one SpamAssassin run over all of them.
 *
 * A new template: add one line to MAIL_TEMPLATES.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { PortalVisit } from '../../../shared/api/visit-history';
import { REPORT_IMAGE_MAX_PX } from '../../../shared/reports';
import { loadConfig } from '../../config';
import { invoiceView, visitLine } from '#test/invoice-views';
import { reminderEmail } from '../billing/collections';
import { invoiceEmail } from '../billing/invoice-emails';
import { creditNoteEmail, voidedInvoiceEmail } from '../billing/correction-emails';
import { renderCreditNotePdf } from '../billing/credit-note-pdf';
import { paymentReceiptEmail } from '../billing/payment-emails';
import { renderInvoicePdf } from '../billing/invoice-pdf';
import { estimateEmail } from '../estimates/estimate-emails';
import { renderEstimatePdf } from '../estimates/estimate-pdf';
import { newServiceRequestEmail, serviceRequestStatusEmail } from '../service-requests/service-request-emails';
import { nodemailerMessage, type EmailMessage, type InlineImage } from './outbox';
import { siteIssueAlertEmail, visitReportEmail, weeklySummaryEmail, type ReportFooter } from './report-templates';
import { invitationEmail, newRequestEmail, signInLinkEmail } from './templates';

const MAX_SCORE = 2.0;
const root = path.resolve(import.meta.dirname, '../../../..');
const appUrl = 'https://lakeshorelotcare.com';
const token = 'kJ3d9QxT2vLmP8sA4nYc7bWe';
const footer: ReportFooter = {
  unsubscribeUrl: `${appUrl}/unsubscribe?token=${token}`,
  oneClickUrl: `${appUrl}/api/reports/unsubscribe?token=${token}`,
  settingsUrl: `${appUrl}/customer-dashboard/account`,
};
const visitUrl = `${appUrl}/customer-dashboard/properties/6f1c2b7e-1d2a-4c1e-9a51-0c3e2f1a9b10/visits/0b6c5d1e-7a8f-4e2d-b1c3-5f9a8e7d6c21`;

/** A visit as the portal shows it: a completed morning sweep with its checklist and one site issue. */
const visit: PortalVisit = {
  id: '0b6c5d1e-7a8f-4e2d-b1c3-5f9a8e7d6c21',
  propertyId: '6f1c2b7e-1d2a-4c1e-9a51-0c3e2f1a9b10',
  propertyName: 'Southridge Commons',
  scheduledDate: '2026-11-24',
  status: 'completed',
  window: { from: '06:00', to: '09:00' },
  arrivedAt: '2026-11-24T12:42:00.000Z',
  departedAt: '2026-11-24T13:27:00.000Z',
  durationMinutes: 45,
  crew: ['Jada', 'Luis'],
  verifiedOnSite: true,
  checklist: [
    { label: 'Pick up litter in parking areas', done: true },
    { label: 'Empty the trash cans by the entrances', done: true },
    { label: 'Sweep the sidewalks in front of the stores', done: true },
    { label: 'Clear debris around the dumpster enclosure', done: false },
  ],
  photos: { before: [], after: [] },
  issues: [
    {
      id: 'a4d2e6f8-3b1c-4d5e-8f7a-9b0c1d2e3f40',
      type: 'illegal_dumping',
      label: 'Illegal dumping',
      note: 'A sofa and two mattresses were left behind the dumpster enclosure on the east side.',
      reportedAt: '2026-11-24T13:05:00.000Z',
      photos: [],
    },
  ],
  skipReason: null,
};

/** The inline images as the report e-mails carry them: JPEG, at most REPORT_IMAGE_MAX_PX (report-emails.ts). */
async function inlineImage(kind: 'before' | 'after'): Promise<InlineImage> {
  const data = await sharp(readFileSync(path.join(root, `docs/examples/photos/retail-lot-${kind}.jpg`)))
    .resize({ width: REPORT_IMAGE_MAX_PX, height: REPORT_IMAGE_MAX_PX, fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 72, mozjpeg: true })
    .toBuffer();
  return { contentId: `${kind}-${visit.id}@lakeshorelotcare`, filename: `${kind}.jpg`, contentType: 'image/jpeg', data };
}

/** A one-property estimate's PDF, as the estimate e-mail attaches it. */
const estimatePdf = (version: number) =>
  renderEstimatePdf({
    appUrl,
    estimate: {
      number: 1042,
      version,
      status: 'sent',
      companyName: 'Southridge Commons Management',
      contactName: 'Dana Whitfield',
      note: 'Thank you for walking the lot with us on Tuesday.',
      termsOffered: ['month-to-month', '12-months'],
      termDiscounts: { 'month-to-month': 0, '12-months': 1000 },
      proposedStartDate: '2026-12-07',
      validUntil: '2026-12-31',
      sentAt: '2026-11-24T15:30:00.000Z',
      properties: [
        {
          id: '5b0c2d1e-7a8f-4e2d-b1c3-5f9a8e7d6c21',
          propertyId: null,
          name: 'Southridge Commons',
          address: '5300 S 76th St',
          city: 'Greendale',
          state: 'WI',
          zipCode: '53129',
          propertyType: 'Retail Center',
          parkingSpaces: 180,
          squareFeet: null,
          taxJurisdiction: 'milwaukee-county',
          taxRateBp: 590,
          lines: [
            {
              id: '7c1d3e2f-8b9a-4f3e-a2d4-6a0b9f8e7d32',
              serviceId: null,
              name: 'Parking Lot Cleaning',
              description: 'Litter and debris picked up across the lot, curbs, islands and light-pole bases.',
              unit: 'visit',
              unitPriceCents: 8500,
              taxClass: 'exempt',
              rrule: 'FREQ=WEEKLY;BYDAY=MO,TH',
              frequency: 'Every Monday and Thursday',
              optional: false,
            },
          ],
        },
      ],
      replacement: null,
      acceptance: null,
      pdfUrl: `${appUrl}/api/estimates/${token}/pdf`,
      photos: [],
      photoBase: '',
    },
  });

/** An approved October invoice: one property, two verified visits. */
const invoice = invoiceView({
  id: '9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d',
  customerId: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
  customerName: 'Southridge Commons Management',
  totalCents: 17000,
  amountDueCents: 17000,
  subtotalCents: 17000,
  lineCount: 2,
  customerEmail: 'ap@southridgecommons.com',
  billingAddress: '5300 S 76th St\nGreendale, WI 53129',
  sections: [
    {
      propertyId: '6f1c2b7e-1d2a-4c1e-9a51-0c3e2f1a9b10',
      propertyName: 'Southridge Commons',
      address: '5300 S 76th St, Greendale',
      poNumber: 'PO-4471',
      subtotalCents: 17000,
      discountCents: 0,
      taxCents: 0,
      totalCents: 17000,
      lines: ['2026-10-05', '2026-10-12'].map((serviceDate, index) => ({
        ...visitLine(`0b6c5d1e-7a8f-4e2d-b1c3-5f9a8e7d6c2${index}`, serviceDate),
        visitId: `0b6c5d1e-7a8f-4e2d-b1c3-5f9a8e7d6c3${index}`,
      })),
    },
  ],
});

/** Every e-mail template the product sends, with realistic values: one line each. */
const MAIL_TEMPLATES: Array<[string, () => EmailMessage | Promise<EmailMessage>]> = [
  [
    'invoice, with its PDF attached',
    async () =>
      invoiceEmail({
        to: 'ap@southridgecommons.com',
        name: 'Dana Whitfield',
        invoice,
        acceptsAch: true,
        portalUrl: `${appUrl}/customer-dashboard`,
        pdf: {
          filename: 'Invoice-2026-00042-Southridge-Commons-Management.pdf',
          data: await renderInvoicePdf({ invoice, achInstructions: 'Associated Bank · Routing 075900575 · Account 2209447118', appUrl }),
        },
      }),
  ],
  [
    'void invoice, with its PDF attached',
    async () => {
      const voided = {
        ...invoice,
        status: 'void' as const,
        amountDueCents: 0,
        voidReason: 'Billed at last year’s rate; a corrected invoice follows',
      };
      return voidedInvoiceEmail({
        to: 'ap@southridgecommons.com',
        name: 'Dana Whitfield',
        invoice: voided,
        portalUrl: `${appUrl}/customer-dashboard/invoices/${invoice.id}`,
        pdf: {
          filename: 'Invoice-2026-00042-Southridge-Commons-Management.pdf',
          data: await renderInvoicePdf({ invoice: voided, achInstructions: '', appUrl }),
        },
      });
    },
  ],
  [
    'credit note, with its PDF attached',
    async () => {
      const creditNote = {
        id: '0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
        invoiceId: invoice.id,
        number: 'CN-2026-00003',
        amountCents: 9_180,
        taxCents: 480,
        reason: 'The Oct 12 sweep was cut short by the lot’s resurfacing crew',
        issuedOn: '2026-11-24',
      };
      const corrected = { ...invoice, amountDueCents: invoice.totalCents - 9_180, creditNotes: [creditNote] };
      return creditNoteEmail({
        to: 'ap@southridgecommons.com',
        name: 'Dana Whitfield',
        invoice: corrected,
        creditNote,
        portalUrl: `${appUrl}/customer-dashboard/invoices/${invoice.id}`,
        pdf: {
          filename: 'Credit-note-CN-2026-00003-Southridge-Commons-Management.pdf',
          data: await renderCreditNotePdf({ creditNote, invoice: corrected, appUrl }),
        },
      });
    },
  ],
  [
    'payment receipt',
    () =>
      paymentReceiptEmail({
        to: 'ap@southridgecommons.com',
        name: 'Dana Whitfield',
        payment: {
          id: '3f6b2a1e-7d4c-4b8e-9a51-2c0d8e7f6a13',
          customerId: '5b7c9d1e-2f3a-4b5c-8d6e-7f8091a2b3c4',
          customerName: 'Southridge Commons Management',
          method: 'check',
          reference: '10442',
          receivedOn: '2026-11-20',
          amountCents: 186_420,
          allocations: [{ invoiceId: '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', number: '2026-00042', amountCents: 186_420 }],
          unappliedCents: 0,
          note: '',
          deleted: false,
          createdAt: '2026-11-20T15:04:00.000Z',
        },
        stillOpen: [{ number: '2026-00057', dueCents: 92_150 }],
        creditCents: 0,
        portalUrl: `${appUrl}/customer-dashboard`,
      }),
  ],
  ...([-3, 14] as const).map((offset): [string, () => EmailMessage] => [
    `invoice reminder (${offset < 0 ? 'before the due date' : `${offset} days overdue`})`,
    () =>
      reminderEmail({
        to: 'ap@southridgecommons.com',
        name: 'Dana Whitfield',
        offset,
        number: '2026-00042',
        customerName: 'Southridge Commons Management',
        dueOn: '2026-12-01',
        dueCents: 186_420,
        invoiceUrl: `${appUrl}/customer-dashboard/invoices/7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d`,
        acceptsAch: true,
      }),
  ]),
  [
    'sign-in link',
    () => signInLinkEmail({ to: 'dana.whitfield@southridgecommons.com', firstName: 'Dana', link: `${appUrl}/login/verify#token=${token}` }),
  ],
  ...(['portal', 'console', 'crew'] as const).map((audience): [string, () => EmailMessage] => [
    `invitation (${audience})`,
    () =>
      invitationEmail({
        to: 'dana.whitfield@southridgecommons.com',
        firstName: 'Dana',
        link: `${appUrl}/login/verify#token=${token}`,
        inviter: 'Maria Kowalski',
        audience,
        customerName: 'Southridge Commons Management',
      }),
  ]),
  [
    'new quote request (to staff)',
    () =>
      newRequestEmail(
        'office@lakeshorelotcare.com',
        {
          id: '3e9b1f2a-6c4d-4e8f-a0b1-c2d3e4f5a6b7',
          name: 'Dana Whitfield',
          email: 'dana.whitfield@southridgecommons.com',
          phone: '(414) 555-0142',
          service: 'Parking Lot Cleaning',
          propertySize: '2-5 acres',
          urgency: 'Within a week',
          message:
            'We manage a strip mall on Highway 100 with about 180 parking spaces. We need the lot swept and litter picked up twice a week.',
          submittedAt: new Date('2026-11-24T15:30:00.000Z'),
          urgent: false,
        },
        `${appUrl}/admin/submissions`,
      ),
  ],
  [
    'visit report, with before and after images',
    async () =>
      visitReportEmail({
        to: 'dana.whitfield@southridgecommons.com',
        visit,
        images: { before: await inlineImage('before'), after: await inlineImage('after') },
        visitUrl,
        footer,
      }),
  ],
  [
    'visit report, a short visit: two checklist items, one crew member',
    async () =>
      visitReportEmail({
        to: 'dana.whitfield@southridgecommons.com',
        visit: {
          ...visit,
          crew: ['Jada'],
          checklist: [
            { label: 'Pick up litter in parking areas', done: true },
            { label: 'Empty exterior bins', done: true },
          ],
          issues: [],
        },
        images: { before: await inlineImage('before'), after: await inlineImage('after') },
        visitUrl,
        footer,
      }),
  ],
  [
    'visit report, the fewest words: one image, no times, crew, checklist or issues',
    async () =>
      visitReportEmail({
        to: 'dana.whitfield@southridgecommons.com',
        visit: {
          ...visit,
          window: null,
          arrivedAt: null,
          departedAt: null,
          durationMinutes: null,
          crew: [],
          verifiedOnSite: false,
          checklist: [],
          issues: [],
        },
        images: { after: await inlineImage('after') },
        visitUrl,
        footer,
      }),
  ],
  [
    'site issue alert',
    () =>
      siteIssueAlertEmail({
        to: 'dana.whitfield@southridgecommons.com',
        propertyName: visit.propertyName,
        issue: visit.issues[0]!,
        visitUrl,
        footer,
      }),
  ],
  [
    'weekly summary',
    () =>
      weeklySummaryEmail({
        to: 'dana.whitfield@southridgecommons.com',
        weekStart: '2026-11-16',
        weekEnd: '2026-11-22',
        visits: [
          { ...visit, scheduledDate: '2026-11-17', url: visitUrl },
          { ...visit, scheduledDate: '2026-11-20', issues: [], url: visitUrl },
          {
            ...visit,
            propertyName: 'Bluemound Plaza',
            scheduledDate: '2026-11-21',
            status: 'skipped',
            skipReason: 'Heavy snow',
            url: visitUrl,
          },
        ],
        portalUrl: `${appUrl}/customer-dashboard`,
        footer,
      }),
  ],
  ...([false, true] as const).map((urgent): [string, () => Promise<EmailMessage>] => [
    `new service request (to staff${urgent ? ', urgent, with photos' : ''})`,
    async () =>
      newServiceRequestEmail(
        'office@lakeshorelotcare.com',
        {
          kind: urgent ? 'problem_report' : 'extra_cleanup',
          propertyName: 'Southridge Commons',
          propertyAddress: '4800 S 76th St, Greenfield, WI 53220',
          customerName: 'Southridge Commons Management',
          requester: { name: 'Dana Whitfield', email: 'dana.whitfield@southridgecommons.com' },
          preferredDates: urgent ? [] : ['2026-12-02', '2026-12-03'],
          note: urgent
            ? 'Broken glass near the cart corral by the grocery store entrance.'
            : 'The holiday market sets up in the east lot on Saturday.',
          photos: urgent ? [await inlineImage('before'), await inlineImage('after')] : [],
          urgent,
        },
        `${appUrl}/admin/submissions?view=requests`,
      ),
  ]),
  ...([1, 2] as const).map((version): [string, () => Promise<EmailMessage>] => [
    `estimate to a prospect (version ${version}), with its PDF`,
    async () =>
      estimateEmail({
        to: 'dana.whitfield@southridgecommons.com',
        contactName: 'Dana Whitfield',
        companyName: 'Southridge Commons Management',
        number: 1042,
        version,
        propertyNames: version === 1 ? ['Southridge Commons', 'Bluemound Plaza', 'Brookfield Square Outlot'] : ['Southridge Commons'],
        proposedStartDate: '2026-12-07',
        validUntil: '2026-12-31',
        link: `${appUrl}/estimates/${token}`,
        pdf: {
          filename: `Estimate-1042${version > 1 ? `-v${version}` : ''}-Southridge-Commons-Management.pdf`,
          data: await estimatePdf(version),
        },
      }),
  ]),
  ...(['scheduled', 'declined'] as const).map((status): [string, () => EmailMessage] => [
    `service request status (${status})`,
    () =>
      serviceRequestStatusEmail(
        'dana.whitfield@southridgecommons.com',
        {
          kind: 'extra_cleanup',
          status,
          propertyName: 'Southridge Commons',
          scheduledDate: status === 'scheduled' ? '2026-12-02' : null,
          reply:
            status === 'declined'
              ? 'Our crews are booked that week; we can come the week after.'
              : 'Our crew will start at the east lot before the market sets up.',
          visit:
            status === 'scheduled'
              ? { id: visit.id, date: '2026-12-02', window: { from: '06:00', to: '09:00' }, planName: null, madeForRequest: true }
              : null,
        },
        `${appUrl}/customer-dashboard/properties/${visit.propertyId}`,
      ),
  ]),
];

const spamassassin = spawnSync('spamassassin', ['-V'], { encoding: 'utf8' }).status === 0;

/** The full MIME message nodemailer builds for an e-mail, as the SMTP sender sends it. */
async function mime(message: EmailMessage): Promise<string> {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const { mailFrom } = loadConfig({ APP_URL: appUrl, SMTP_URL: 'smtp://mail.lakeshorelotcare.com:587' });
  const info = await transport.sendMail(nodemailerMessage({ ...message, from: mailFrom }));
  return (info.message as Buffer).toString('utf8');
}

const messageId = (message: string) => /^Message-ID: (<[^>]+>)/im.exec(message)?.[1];

/**
 * One run of `spamassassin -L -t` over an mbox of the messages (it loads its rules once, and
 * answers in its own order): each message's score and the rules it hit, by Message-ID.
 */
function scores(messages: string[]): Map<string, { score: number; tests: string }> {
  const separator = 'From no-reply@lakeshorelotcare.com Tue Nov 24 15:30:00 2026';
  const mbox = messages.map((message) => `${separator}\n${message.replace(/^From /gm, '>From ')}\n`).join('\n');
  const run = spawnSync('spamassassin', ['-L', '-t', '--mbox'], { input: mbox, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`spamassassin failed (${run.status}): ${run.stderr}`);
  const results = new Map<string, { score: number; tests: string }>();
  for (const scored of run.stdout.split(/^From no-reply@lakeshorelotcare\.com .*$/m)) {
    const status = /^X-Spam-Status: \w+, score=(-?[\d.]+) required=[\d.]+ tests=([\s\S]*?)(?=\n\S)/m.exec(scored);
    const id = messageId(scored);
    if (status && id) results.set(id, { score: Number(status[1]), tests: status[2]!.replace(/\s+/g, ' ').trim() });
  }
  return results;
}

describe.skipIf(!spamassassin)('e-mails and SpamAssassin (spamassassin -L)', () => {
  it(`scores every template below ${MAX_SCORE}`, async () => {
    const messages = await Promise.all(MAIL_TEMPLATES.map(async ([, render]) => mime(await render())));
    const results = scores(messages);
    const scored = MAIL_TEMPLATES.map(([name], i) => {
      const result = results.get(messageId(messages[i]!)!);
      if (!result) throw new Error(`SpamAssassin gave no score for the ${name} e-mail`);
      return { score: result.score, line: `${name}: ${result.score} (${result.tests})` };
    });
    const report = scored.map(({ line }) => line).join('\n');
    expect(
      scored.filter(({ score }) => score >= MAX_SCORE).map(({ line }) => line),
      report,
    ).toEqual([]);
  }, 120_000);
});

if (!spamassassin) {
  describe('e-mails and SpamAssassin', () => {
    it.skip('is skipped: `spamassassin` is not installed (apt-get install spamassassin; .ci/run installs it)', () => {});
  });
}
