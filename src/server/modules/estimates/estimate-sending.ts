import { and, asc, eq, notInArray } from 'drizzle-orm';
import type { Estimate, PublicEstimate } from '../../../shared/api/estimates';
import { localToday } from '../../../shared/local-dates';
import { inTransaction, type Executor } from '../../db/executor';
import { estimateProperties, estimates, quoteRequests, type EstimateRow } from '../../db/schema';
import { RequestError } from '../../errors';
import { hashToken, randomToken } from '../accounts';
import { enqueueEmail, type MailContext } from '../mail';
import type { PhotoStorage } from '../photos';
import type { PdfImage } from '../../pdf/photo';
import { estimateEmail } from './estimate-emails';
import { estimatePdfFileName, renderEstimatePdf } from './estimate-pdf';
import { estimatePhotoImages } from './estimate-photos';
import { getEstimate, lockEstimate } from './estimate-views';

export const ALREADY_SENT = 'This estimate has already been sent';

/** The prospect's page for a link's token. */
export const estimateUrl = (appUrl: URL, token: string) => new URL(`/estimates/${token}`, appUrl).toString();

/** The PDF's download on the prospect's page (routes/public/estimates.ts). */
const estimatePdfUrl = (appUrl: URL, token: string) => new URL(`/api/estimates/${token}/pdf`, appUrl).toString();

/** The staff view as the prospect sees it: no crew, no request message, no staff notes. */
export function publicEstimateOf(estimate: Estimate, pdfUrl: string, photoBase = '/api/photos'): PublicEstimate {
  return {
    number: estimate.number,
    version: estimate.version,
    status: estimate.status,
    companyName: estimate.companyName,
    contactName: estimate.contactName,
    note: estimate.note,
    termsOffered: estimate.termsOffered,
    termDiscounts: estimate.termDiscounts,
    proposedStartDate: estimate.proposedStartDate,
    validUntil: estimate.validUntil,
    sentAt: estimate.sentAt,
    properties: estimate.properties.map(({ crewUserIds: _crew, ...property }) => property),
    replacement: null,
    acceptance: null,
    pdfUrl,
    photos: estimate.photos,
    photoBase,
  };
}

/** The estimate as sent, as the PDF attached to its e-mail: read on the sending transaction, so it shows exactly what goes out. */
async function sentPdf(tx: Executor, id: string, appUrl: URL, token: string, photoImages: ReadonlyMap<string, PdfImage>) {
  const estimate = publicEstimateOf(await getEstimate(tx, id), estimatePdfUrl(appUrl, token));
  return { filename: estimatePdfFileName(estimate), data: await renderEstimatePdf({ estimate, appUrl: appUrl.toString(), photoImages }) };
}

/** A draft whose dates have passed while it waited cannot go out as it is. */
function refusePastDates(row: EstimateRow) {
  const today = localToday();
  const errors: Record<string, string> = {};
  if (row.proposedStartDate < today) errors.proposedStartDate = 'The start date has passed: choose today or a later date, then send';
  if (row.validUntil < today) errors.validUntil = '“Valid until” has passed: choose today or a later date, then send';
  if (Object.keys(errors).length) throw new RequestError(400, Object.values(errors).join('; '), errors);
}

/**
 * The version this revision replaces, locked: it is superseded now that the revision goes out (until
 * then its link stayed valid). One the prospect accepted meanwhile cannot be replaced; one they
 * declined keeps saying so, and points to the new version all the same.
 */
async function supersedePrevious(tx: Executor, row: EstimateRow) {
  if (row.version === 1) return;
  const [previous] = await tx
    .select()
    .from(estimates)
    .where(and(eq(estimates.number, row.number), eq(estimates.version, row.version - 1)))
    .for('update');
  if (!previous) return;
  if (previous.status === 'accepted') {
    throw new RequestError(409, `Version ${previous.version} was accepted while this revision was a draft, so it cannot replace it`);
  }
  await tx
    .update(estimates)
    .set({ supersededById: row.id, status: previous.status === 'declined' ? 'declined' : 'superseded', updatedAt: new Date() })
    .where(eq(estimates.id, previous.id));
}

/**
 * Marks a draft sent at `now` (its row locked by the caller): it gets a new random link (its
 * SHA-256 alone is stored), its quote request (if any) is quoted unless already won or lost, and the
 * version it revises is superseded. Answers the link's token. sendEstimate e-mails it; the demo
 * (seed-demo) marks its estimate sent on the day it was, with no e-mail.
 */
export async function markEstimateSent(tx: Executor, row: EstimateRow, now: Date = new Date()): Promise<string> {
  await supersedePrevious(tx, row);
  const token = randomToken();
  await tx
    .update(estimates)
    .set({ status: 'sent', sentAt: now, tokenHash: hashToken(token), updatedAt: now })
    .where(eq(estimates.id, row.id));
  if (row.quoteRequestId) {
    await tx
      .update(quoteRequests)
      .set({ status: 'quoted' })
      .where(and(eq(quoteRequests.id, row.quoteRequestId), notInArray(quoteRequests.status, ['won', 'lost', 'quoted'])));
  }
  return token;
}

/**
 * POST /api/admin/estimates/{id}/send. Only a draft, whose dates have not passed: it is marked
 * sent (markEstimateSent), and the e-mail with the link and the estimate's PDF is queued in the
 * same transaction and sent once it commits. Sending twice sends once: the second call finds the
 * estimate sent (409) and queues nothing. The PDF's photos from the property visit are read from
 * `storage` first, so the transaction waits on no image work.
 */
export async function sendEstimate(db: Executor, storage: PhotoStorage, mail: MailContext, id: string): Promise<Estimate> {
  const photoImages = await estimatePhotoImages(db, storage, id);
  await inTransaction(db, async (tx) => {
    const row = await lockEstimate(tx, id);
    if (row.status !== 'draft') throw new RequestError(409, ALREADY_SENT);
    refusePastDates(row);
    const token = await markEstimateSent(tx, row);
    const places = await tx
      .select({ name: estimateProperties.name })
      .from(estimateProperties)
      .where(eq(estimateProperties.estimateId, id))
      .orderBy(asc(estimateProperties.position));
    const pdf = await sentPdf(tx, id, mail.appUrl, token, photoImages);
    await enqueueEmail(
      tx,
      estimateEmail({
        to: row.email,
        contactName: row.contactName,
        companyName: row.companyName,
        number: row.number,
        version: row.version,
        propertyNames: places.map((place) => place.name),
        proposedStartDate: row.proposedStartDate,
        validUntil: row.validUntil,
        link: estimateUrl(mail.appUrl, token),
        pdf,
      }),
    );
  });
  mail.queued();
  return getEstimate(db, id);
}
