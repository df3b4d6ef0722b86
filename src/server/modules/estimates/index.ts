/** The estimates module's public surface: what routes, jobs, the CLI, plugins and other modules may use. */
export { createEstimate, insertEstimateProperties, replaceEstimateDraft, SENT_IS_FINAL } from './estimate-drafts';
export type { PropertyValues } from './estimate-drafts';
export { estimateEmail } from './estimate-emails';
export { estimatePhotoFileByToken } from './estimate-photos';
export { estimatePdfForStaff } from './estimate-staff-pdf';
export type { EstimateEmailDetails } from './estimate-emails';
export { estimatePdfFileName, estimateTitle, renderEstimatePdf } from './estimate-pdf';
export type { EstimateAcceptanceEvidence, EstimatePdfInput } from './estimate-pdf';
export { extendEstimate, reviseEstimate } from './estimate-revisions';
export { ALREADY_SENT, estimateUrl, markEstimateSent, publicEstimateOf, sendEstimate } from './estimate-sending';
export {
  estimatesOfQuoteRequest,
  getEstimate,
  listEstimates,
  lockEstimate,
  openEstimatesOfCustomer,
  propertiesOfEstimates,
  shownStatus,
} from './estimate-views';
export {
  acceptedEstimateHash,
  acceptSentEstimate,
  ALREADY_ACCEPTED,
  answerEstimate,
  estimateOwner,
  estimatePagePath,
  estimatePdf,
  EXPIRED_MESSAGE,
  hashedVersion,
  portalEstimatePath,
  signedEstimatePdf,
  storeAcceptance,
  viewEstimate,
} from './estimate-responses';
export type { Acceptance, AcceptedChoices, AcceptRequest, EstimateAccess, EstimateFile, Responder } from './estimate-responses';
