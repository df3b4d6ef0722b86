/** The estimates module's public surface: what routes, jobs, the CLI, plugins and other modules may use. */
export { createEstimate, insertEstimateProperties, replaceEstimateDraft, SENT_IS_FINAL } from './estimate-drafts';
export type { PropertyValues } from './estimate-drafts';
export { estimateEmail } from './estimate-emails';
export type { EstimateEmailDetails } from './estimate-emails';
export { estimatePdfFileName, estimateTitle, renderEstimatePdf } from './estimate-pdf';
export type { EstimateAcceptanceEvidence, EstimatePdfInput } from './estimate-pdf';
export { extendEstimate, reviseEstimate } from './estimate-revisions';
export { ALREADY_SENT, estimateUrl, publicEstimateOf, sendEstimate } from './estimate-sending';
export {
  estimatesOfQuoteRequest,
  getEstimate,
  lineFrequency,
  listEstimates,
  lockEstimate,
  propertiesOfEstimates,
  shownStatus,
} from './estimate-views';
