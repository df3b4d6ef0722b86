import { createHash } from 'node:crypto';
import { and, desc, eq, gt, isNotNull } from 'drizzle-orm';
import type { PublicEstimate } from '../../../shared/api/estimates';
import type { EstimateAccept } from '../../../shared/api/estimate-responses';
import type { AgreementTerm } from '../../../shared/estimate-totals';
import { estimateStatus, OPEN_ESTIMATE_STATUSES, type StoredEstimateStatus } from '../../../shared/estimates';
import { localToday } from '../../../shared/local-dates';
import { inTransaction, type Executor } from '../../db/executor';
import { estimates, type EstimateLineRow, type EstimatePropertyRow, type EstimateRow } from '../../db/schema';
import { NotFoundError, RequestError } from '../../errors';
import { hashToken, staffNoticeRecipients } from '../accounts';
import { acceptEstimate } from '../agreements';
import { customerActor, recordAuditEvent } from '../audit';
import { enqueueEmail, type MailContext } from '../mail';
import type { PhotoStorage } from '../photos';
import type { PdfImage } from '../../pdf/photo';
import { estimatePdfFileName, type EstimateAcceptanceEvidence, renderEstimatePdf } from './estimate-pdf';
import { estimatePhotoImages } from './estimate-photos';
import { publicEstimateOf } from './estimate-sending';
import { getEstimate, propertiesOfEstimates, shownStatus } from './estimate-views';
import { changesRequestedEmail, estimateAcceptedEmail, estimateDeclinedEmail, signedCopyEmail } from './estimate-response-emails';

/**
 * The customer's side of an estimate (issue 24): the page's data, and the three answers (accept,
 * request changes, decline). An estimate is reached two ways, and each finds the row and then shares
 * everything else: by its private link at /estimates/<token> with no account (the token is stored
 * only as its SHA-256; it opens its own estimate and the later sent versions of the same number,
 * nothing else), or in the portal by a signed-in user of the customer it was written for (an added
 * property or service), by its id. Acceptance happens once, under a row lock, and makes the
 * agreement in the same transaction.
 */

export const EXPIRED_MESSAGE = 'This estimate has expired. Ask us for a new one.';
export const ALREADY_ACCEPTED = 'This estimate was already accepted';
const ALREADY_DECLINED = 'This estimate was declined. Ask us for a new one if you changed your mind.';
const REPLACED = 'This estimate has been replaced by a newer version. Open the newer version to answer it.';

/** What the prospect chose on accepting: stored on the estimate and hashed with it. */
export interface AcceptedChoices {
  term: AgreementTerm;
  optionalLineIds: string[];
  /** PO numbers given, by the estimate property's id (blank ones left out). */
  poNumbers: Record<string, string>;
}

/** Who answered and from where (the evidence kept with an acceptance, and the audit log's actor). */
export interface Responder {
  /** The signed-in user who answered in the portal; none on the estimate's link. */
  user?: { id: string; role: string } | null;
  ip: string | null;
  userAgent: string | null;
  now?: Date;
}

/** An estimate's property as stored, with its lines. */
type Site = EstimatePropertyRow & { lines: EstimateLineRow[] };

/**
 * How an estimate was reached: by its private link (the token, and a later version asked for), or
 * in the portal by its id, for the customer whose signed-in user asks (the route has checked the
 * policy against `estimateOwner`; the lookup is scoped to the customer all the same).
 */
export type EstimateAccess = { by: 'link'; token: string; version?: number } | { by: 'portal'; customerId: string; estimateId: string };

/** The estimate page's link (relative to APP_URL), with the version when it is not the link's own. */
export const estimatePagePath = (token: string, version?: number) => `/estimates/${token}${version ? `?version=${version}` : ''}`;

/** An estimate's page in the portal (relative to APP_URL). */
export const portalEstimatePath = (estimateId: string) => `/customer-dashboard/estimates/${estimateId}`;

/** Where the page's links lead, the way the estimate was reached: its PDF, its page, and the version that replaced it. */
interface EstimateLinks {
  pdf(row: EstimateRow): string;
  /** Where the photos from the property visit are served: `{photos}/{id}/{width}.webp`. */
  photos: string;
  page(row: EstimateRow): string;
  replacement(latest: { id: string; version: number }): string;
}

function linksOf(access: EstimateAccess): EstimateLinks {
  if (access.by === 'portal') {
    return {
      pdf: (row) => `/api/portal/estimates/${row.id}/pdf`,
      // The customer's own photos (an estimate shows only its customer's), by the portal's photo route.
      photos: '/api/photos',
      page: (row) => portalEstimatePath(row.id),
      replacement: (latest) => portalEstimatePath(latest.id),
    };
  }
  const { token } = access;
  return {
    // Always with its version: the PDF of exactly the version shown.
    pdf: (row) => `/api/estimates/${token}/pdf?version=${row.version}`,
    photos: `/api/estimates/${token}/photos`,
    page: () => estimatePagePath(token, access.version),
    replacement: (latest) => estimatePagePath(token, latest.version),
  };
}

/** The estimate's row a token opens: its own, or a later sent version of the same number (`version`); 404 otherwise. */
async function estimateForToken(db: Executor, token: string, version?: number): Promise<EstimateRow> {
  const [own] = await db
    .select()
    .from(estimates)
    .where(eq(estimates.tokenHash, hashToken(token)))
    .limit(1);
  if (!own || !own.sentAt) throw new NotFoundError();
  if (version === undefined || version === own.version) return own;
  if (version < own.version) throw new NotFoundError();
  const [later] = await db
    .select()
    .from(estimates)
    .where(and(eq(estimates.number, own.number), eq(estimates.version, version), isNotNull(estimates.sentAt)))
    .limit(1);
  if (!later || later.status === 'draft') throw new NotFoundError();
  return later;
}

/** A sent estimate written for this customer, by its id; 404 for a draft, an unknown id or another customer's. */
async function estimateForCustomer(db: Executor, customerId: string, estimateId: string): Promise<EstimateRow> {
  const [row] = await db
    .select()
    .from(estimates)
    .where(and(eq(estimates.id, estimateId), eq(estimates.customerId, customerId), isNotNull(estimates.sentAt)))
    .limit(1);
  if (!row || row.status === 'draft') throw new NotFoundError();
  return row;
}

/** The estimate's row, found the way it was reached. */
const findEstimate = (db: Executor, access: EstimateAccess): Promise<EstimateRow> =>
  access.by === 'link' ? estimateForToken(db, access.token, access.version) : estimateForCustomer(db, access.customerId, access.estimateId);

/**
 * Whose sent estimate this is (null: a prospect's, not yet a customer's), for the portal route's
 * policy check; NotFoundError for an unknown id or a draft.
 */
export async function estimateOwner(db: Executor, estimateId: string): Promise<{ customerId: string | null }> {
  const [row] = await db
    .select({ customerId: estimates.customerId, status: estimates.status })
    .from(estimates)
    .where(and(eq(estimates.id, estimateId), isNotNull(estimates.sentAt)))
    .limit(1);
  if (!row || row.status === 'draft') throw new NotFoundError();
  return { customerId: row.customerId };
}

/** The estimate's properties and their lines, in order. */
async function sitesOf(db: Executor, estimateId: string): Promise<Site[]> {
  return (await propertiesOfEstimates(db, [estimateId])).get(estimateId) ?? [];
}

/**
 * What exactly was accepted, for the hash: the estimate's number and version, its terms and dates,
 * and every property and line with its prices, tax and recurrence (never the crew, which is ours).
 */
export function hashedVersion(row: EstimateRow, sites: Site[]) {
  return {
    number: row.number,
    version: row.version,
    companyName: row.companyName,
    contactName: row.contactName,
    email: row.email,
    note: row.note,
    termsOffered: row.termsOffered,
    termDiscounts: row.termDiscounts,
    proposedStartDate: row.proposedStartDate,
    validUntil: row.validUntil,
    // Each property and line as stored, less its place in the estimate (and the crew, which is ours).
    properties: sites.map(({ estimateId: _estimate, position: _position, crewUserIds: _crew, lines, ...site }) => ({
      ...site,
      lines: lines.map(({ estimatePropertyId: _property, position: _linePosition, ...line }) => line),
    })),
  };
}
export type HashedVersion = ReturnType<typeof hashedVersion>;

/** JSON with every object's keys sorted, so the same content always gives the same text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, item]) => item !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * SHA-256 (hex) of the canonical JSON of exactly the version accepted and the choices made: any
 * change to a price, a date, a line, a term or a choice gives another hash. The optional lines are
 * a set (their order is not a choice).
 */
export function acceptedEstimateHash(version: HashedVersion, choices: AcceptedChoices): string {
  const chosen = { ...choices, optionalLineIds: [...choices.optionalLineIds].sort() };
  return createHash('sha256')
    .update(canonicalJson({ estimate: version, choices: chosen }))
    .digest('hex');
}

/** The later sent version that replaced this one (superseded, or declined and revised), as the link to it. */
async function replacementOf(db: Executor, row: EstimateRow, links: EstimateLinks | null): Promise<PublicEstimate['replacement']> {
  if (!row.supersededById || links === null) return null;
  const [latest] = await db
    .select({ id: estimates.id, version: estimates.version })
    .from(estimates)
    .where(and(eq(estimates.number, row.number), gt(estimates.version, row.version), isNotNull(estimates.sentAt)))
    .orderBy(desc(estimates.version))
    .limit(1);
  return latest ? { version: latest.version, url: links.replacement(latest) } : null;
}

/** The page's data: the staff view as the customer sees it, with its replacement and acceptance; without links (the signed copy's download), none. */
async function toPublicEstimate(db: Executor, row: EstimateRow, links: EstimateLinks | null, today: string): Promise<PublicEstimate> {
  const estimate = await getEstimate(db, row.id);
  const { acceptance } = estimate;
  return {
    ...publicEstimateOf(estimate, links === null ? '' : links.pdf(row), links === null ? '/api/photos' : links.photos),
    status: shownStatus(row, today),
    replacement: await replacementOf(db, row, links),
    acceptance: acceptance && {
      name: acceptance.name,
      title: acceptance.title,
      at: acceptance.at,
      term: acceptance.term,
      optionalLineIds: acceptance.optionalLineIds,
      poNumbers: acceptance.poNumbers,
    },
  };
}

/**
 * The estimate page's data, by its link (and a later version of it) or in the portal. The first
 * view of a sent estimate marks it viewed; staff are not e-mailed for views.
 */
export async function viewEstimate(db: Executor, access: EstimateAccess, now: Date = new Date()): Promise<PublicEstimate> {
  let row = await findEstimate(db, access);
  if (row.status === 'sent') {
    const [viewed] = await db
      .update(estimates)
      .set({ status: 'viewed', firstViewedAt: now, updatedAt: now })
      .where(and(eq(estimates.id, row.id), eq(estimates.status, 'sent')))
      .returning();
    row = viewed ?? (await findEstimate(db, access));
  }
  return toPublicEstimate(db, row, linksOf(access), localToday(now));
}

/** The evidence the signed copy's acceptance page shows, as stored on the estimate; null until accepted. */
function evidenceOf(row: EstimateRow): EstimateAcceptanceEvidence | null {
  const choices = row.acceptedChoices;
  if (row.status !== 'accepted' || !choices || !row.acceptedHash || !row.acceptedName || !row.respondedAt) return null;
  return {
    name: row.acceptedName,
    title: row.acceptedTitle ?? '',
    at: row.respondedAt.toISOString(),
    ...choices,
    hash: row.acceptedHash,
    ip: row.acceptedIp,
    userAgent: row.acceptedUserAgent,
  };
}

/** An estimate's PDF, ready to send: its file name and its bytes. */
export interface EstimateFile {
  fileName: string;
  pdf: Buffer;
}

/** The estimate's PDF, with its photos from the property visit; the signed copy (with the acceptance page) once it is accepted. */
async function renderFile(
  page: PublicEstimate,
  row: EstimateRow,
  appUrl: URL,
  photoImages: ReadonlyMap<string, PdfImage>,
): Promise<EstimateFile> {
  const acceptance = evidenceOf(row);
  return {
    fileName: estimatePdfFileName(page, acceptance !== null),
    pdf: await renderEstimatePdf({ estimate: page, acceptance, appUrl: appUrl.toString(), photoImages }),
  };
}

/** The page's "Download PDF": the version shown, as the signed copy once accepted; its photos read from `storage`. */
export async function estimatePdf(
  db: Executor,
  storage: PhotoStorage,
  appUrl: URL,
  access: EstimateAccess,
  now: Date = new Date(),
): Promise<EstimateFile> {
  const row = await findEstimate(db, access);
  const page = await toPublicEstimate(db, row, linksOf(access), localToday(now));
  return renderFile(page, row, appUrl, await estimatePhotoImages(db, storage, row.id));
}

/**
 * The signed copy of an accepted estimate, drawn again from the evidence stored with it (the
 * portal's and the console's download); "not found" for an estimate that is not accepted.
 */
export async function signedEstimatePdf(
  db: Executor,
  storage: PhotoStorage,
  appUrl: URL,
  estimateId: string,
  now: Date = new Date(),
): Promise<EstimateFile> {
  const [row] = await db.select().from(estimates).where(eq(estimates.id, estimateId)).limit(1);
  if (!row || row.status !== 'accepted') throw new NotFoundError();
  const page = await toPublicEstimate(db, row, null, localToday(now));
  return renderFile(page, row, appUrl, await estimatePhotoImages(db, storage, row.id));
}

/** Refuses an answer to an estimate that is no longer open: expired 410, accepted, declined or replaced 409. */
function refuseUnlessOpen(row: EstimateRow, today: string): void {
  const shown = estimateStatus(row.status, row.validUntil, today);
  if (shown === 'expired') throw new RequestError(410, EXPIRED_MESSAGE);
  if ((OPEN_ESTIMATE_STATUSES as readonly StoredEstimateStatus[]).includes(row.status)) return;
  if (row.status === 'accepted') throw new RequestError(409, ALREADY_ACCEPTED);
  if (row.status === 'declined') throw new RequestError(409, ALREADY_DECLINED);
  throw new RequestError(409, REPLACED);
}

/** The choices as stored: PO numbers trimmed, blank ones left out, options in the estimate's order. */
function choicesOf(input: EstimateAccept, sites: Site[]): AcceptedChoices {
  const lineOrder = sites.flatMap((site) => site.lines.map((line) => line.id));
  const poNumbers: Record<string, string> = {};
  for (const [id, value] of Object.entries(input.poNumbers)) {
    const po = value?.trim();
    if (po) poNumbers[id] = po;
  }
  const optionalLineIds = [...new Set(input.optionalLineIds)].sort((a, b) => lineOrder.indexOf(a) - lineOrder.indexOf(b));
  return { term: input.term, optionalLineIds, poNumbers };
}

const sameChoices = (a: AcceptedChoices, b: AcceptedChoices) =>
  a.term === b.term &&
  [...a.optionalLineIds].sort().join() === [...b.optionalLineIds].sort().join() &&
  canonicalJson(a.poNumbers) === canonicalJson(b.poNumbers);

/** Field errors for choices that are not this estimate's: options, PO numbers' properties, a term not offered. */
function checkChoices(row: EstimateRow, sites: Site[], choices: AcceptedChoices, input: EstimateAccept): void {
  const errors: Record<string, string> = {};
  const optional = new Set(sites.flatMap((site) => site.lines.filter((line) => line.optional).map((line) => line.id)));
  if (choices.optionalLineIds.some((id) => !optional.has(id))) errors.optionalLineIds = 'Choose options from the estimate';
  const siteIds = new Set(sites.map((site) => site.id));
  if (Object.keys(input.poNumbers).some((id) => !siteIds.has(id))) errors.poNumbers = 'PO numbers go with the estimate’s properties';
  if (!row.termsOffered.includes(choices.term)) errors.term = 'Choose one of the terms offered';
  if (Object.keys(errors).length) throw new RequestError(400, Object.values(errors).join('; '), errors);
}

/** The acceptance's evidence as stored on the estimate: who signed, as what, what they chose, from where and when. */
export interface Acceptance {
  /** The customer the agreement is for (made on acceptance for a prospect). */
  customerId: string;
  name: string;
  title: string;
  choices: AcceptedChoices;
  ip: string | null;
  userAgent: string | null;
  now: Date;
}

/**
 * Stores an acceptance on the estimate, in the caller's transaction (its row locked): it is
 * accepted, with the signer, the choices and the hash of exactly this version (`sites`, its
 * properties and lines as stored) with them. acceptSentEstimate calls it for the customer's answer;
 * the demo (seed-demo) for its customer's signed estimate. Answers the row as accepted.
 */
export async function storeAcceptance(tx: Executor, row: EstimateRow, sites: Site[], acceptance: Acceptance): Promise<EstimateRow> {
  const { choices, now } = acceptance;
  const [accepted] = await tx
    .update(estimates)
    .set({
      status: 'accepted',
      customerId: acceptance.customerId,
      respondedAt: now,
      acceptedName: acceptance.name,
      acceptedTitle: acceptance.title,
      acceptedIp: acceptance.ip,
      acceptedUserAgent: acceptance.userAgent?.slice(0, 500) ?? null,
      acceptedChoices: choices,
      acceptedHash: acceptedEstimateHash(hashedVersion(row, sites), choices),
      updatedAt: now,
    })
    .where(eq(estimates.id, row.id))
    .returning();
  if (!accepted) throw new NotFoundError();
  return accepted;
}

export interface AcceptRequest extends Responder {
  access: EstimateAccess;
  input: EstimateAccept;
  /** Plans make their visits this many weeks ahead (VISIT_HORIZON_WEEKS). */
  horizonWeeks: number;
}

/**
 * Accepts an estimate once: under a lock on its row, an open estimate that has not expired is
 * checked against the choices, its evidence stored (name, title, time, IP, browser, the choices and
 * the hash of exactly this version with them), and the agreement made in the same transaction
 * (modules/agreements). Staff are e-mailed at once, the signer gets the signed copy. A repeat with
 * the same choices (a double click, a second tab, a retry) answers the same confirmation and does
 * nothing; other choices after acceptance are refused (409).
 */
export async function acceptSentEstimate(
  db: Executor,
  storage: PhotoStorage,
  mail: MailContext,
  request: AcceptRequest,
): Promise<PublicEstimate> {
  const now = request.now ?? new Date();
  const today = localToday(now);
  const links = linksOf(request.access);
  const target = await findEstimate(db, request.access);
  // The signed copy's photos, read before the transaction so that it waits on no image work.
  const photoImages = await estimatePhotoImages(db, storage, target.id);
  const { row, firstVisits } = await inTransaction(db, async (tx) => {
    const [locked] = await tx.select().from(estimates).where(eq(estimates.id, target.id)).for('update');
    if (!locked) throw new NotFoundError();
    const sites = await sitesOf(tx, locked.id);
    const choices = choicesOf(request.input, sites);
    if (locked.status === 'accepted') {
      if (locked.acceptedChoices && sameChoices(locked.acceptedChoices, choices)) return { row: locked, firstVisits: null };
      throw new RequestError(409, ALREADY_ACCEPTED);
    }
    refuseUnlessOpen(locked, today);
    checkChoices(locked, sites, choices, request.input);
    const made = await acceptEstimate(
      tx,
      mail,
      {
        id: locked.id,
        quoteRequestId: locked.quoteRequestId,
        customerId: locked.customerId,
        companyName: locked.companyName,
        contactName: locked.contactName,
        email: locked.email,
        phone: locked.phone,
        termDiscounts: locked.termDiscounts,
        proposedStartDate: locked.proposedStartDate,
        properties: sites,
        choices,
        signerName: request.input.name,
      },
      { today, horizonWeeks: request.horizonWeeks },
    );
    const accepted = await storeAcceptance(tx, locked, sites, {
      customerId: made.customerId,
      name: request.input.name,
      title: request.input.title,
      choices,
      ip: request.ip,
      userAgent: request.userAgent,
      now,
    });
    // The signer last: a typed name may hold ", ", which separates the summary's fields.
    const signer = request.access.by === 'link' ? [`signer=${request.input.name}`] : [];
    await auditAnswer(tx, request, locked.id, 'estimate.accept', [`term=${choices.term}`, ...signer]);
    const page = await toPublicEstimate(tx, accepted, links, today);
    const signed = await renderFile(page, accepted, mail.appUrl, photoImages);
    const context = { estimateId: locked.id, consoleUrl: consoleUrl(mail, locked.id), signedCopy: signed };
    for (const to of await staffNoticeRecipients(tx, mail)) await enqueueEmail(tx, estimateAcceptedEmail(to, page, context));
    const firstVisit =
      Object.values(made.firstVisits)
        .filter((day): day is string => day !== null)
        .sort()[0] ?? null;
    const pageUrl = new URL(links.page(accepted), mail.appUrl).toString();
    await enqueueEmail(tx, signedCopyEmail(locked.email, page, { firstVisit, pageUrl, signedCopy: signed }));
    return { row: accepted, firstVisits: made.firstVisits };
  });
  if (firstVisits) mail.queued();
  return toPublicEstimate(db, row, links, today);
}

/**
 * Records a customer's answer in the audit log, in the answer's transaction: the signed-in user (the
 * portal) or, on the link, only the IP and browser, with the name the signer typed. The token, a
 * message and a reason are never copied (a message or a reason is named only).
 */
async function auditAnswer(
  tx: Executor,
  request: Responder & { access: EstimateAccess },
  estimateId: string,
  action: 'estimate.accept' | 'estimate.request-changes' | 'estimate.decline',
  fields: string[],
): Promise<void> {
  await recordAuditEvent(tx, customerActor(request), {
    kind: 'write',
    action,
    outcome: 'ok',
    statusCode: 200,
    targetType: 'estimates',
    targetId: estimateId,
    summary: [`by=${request.access.by}`, ...fields].join(', '),
  });
}

const consoleUrl = (mail: MailContext, estimateId: string) => new URL(`/admin/estimates/${estimateId}`, mail.appUrl).toString();

type Answer = { kind: 'changes'; message: string } | { kind: 'decline'; reason: string | null };

/**
 * The customer asks for changes (with a message) or declines (with an optional reason), while the
 * estimate is open and not expired: its status and the words are stored, and staff are e-mailed at
 * once. The same answer again (a double click, a retry) changes nothing and sends nothing.
 */
export async function answerEstimate(
  db: Executor,
  mail: MailContext,
  request: Responder & { access: EstimateAccess; answer: Answer },
): Promise<PublicEstimate> {
  const now = request.now ?? new Date();
  const today = localToday(now);
  const { answer } = request;
  const links = linksOf(request.access);
  const target = await findEstimate(db, request.access);
  const { row, mailed } = await inTransaction(db, async (tx) => {
    const [locked] = await tx.select().from(estimates).where(eq(estimates.id, target.id)).for('update');
    if (!locked) throw new NotFoundError();
    const words = answer.kind === 'changes' ? answer.message : answer.reason || null;
    const repeat =
      answer.kind === 'changes' ? locked.status === 'changes_requested' && locked.responseMessage === words : locked.status === 'declined';
    if (repeat) return { row: locked, mailed: false };
    refuseUnlessOpen(locked, today);
    const [answered] = await tx
      .update(estimates)
      .set({
        status: answer.kind === 'changes' ? 'changes_requested' : 'declined',
        responseMessage: words,
        respondedAt: now,
        updatedAt: now,
      })
      .where(eq(estimates.id, locked.id))
      .returning();
    if (answer.kind === 'changes') await auditAnswer(tx, request, locked.id, 'estimate.request-changes', ['message']);
    else await auditAnswer(tx, request, locked.id, 'estimate.decline', words ? ['reason'] : []);
    const page = { ...(await toPublicEstimate(tx, answered!, links, today)), email: locked.email };
    const context = { estimateId: locked.id, consoleUrl: consoleUrl(mail, locked.id) };
    for (const to of await staffNoticeRecipients(tx, mail)) {
      await enqueueEmail(
        tx,
        answer.kind === 'changes'
          ? changesRequestedEmail(to, page, answer.message, context)
          : estimateDeclinedEmail(to, page, words, context),
      );
    }
    return { row: answered!, mailed: true };
  });
  if (mailed) mail.queued();
  return toPublicEstimate(db, row, links, today);
}
