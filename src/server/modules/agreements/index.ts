/** The agreements module's public surface: what routes, jobs, the CLI, plugins and other modules may use. */
export { acceptEstimate, insertAgreement } from './accept-estimate';
export type {
  AcceptedEstimate,
  AcceptedLine,
  AcceptedProperty,
  AgreementLineValues,
  AgreementValues,
  MadeAgreement,
} from './accept-estimate';
export { agreementOwner, cancelAgreement, customerAgreements, getAgreement, renewsOn, signedPdfPath } from './agreements.service';
export { consoleAgreement, consoleSignedPdfPath, listAgreements } from './agreement-views';
