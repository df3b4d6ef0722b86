import type { PublicEstimate } from '../../../shared/api/estimates';
import { mediumDateText } from '../../../shared/date-formats';
import type { EstimateStatus } from '../../../shared/estimates';
import type { EstimateAnswers } from '../../api/estimate-answers';
import { AcceptedConfirmation } from './accepted-confirmation';
import { EstimateHeader, estimateTitle } from './estimate-header';
import { EstimateOffer } from './estimate-offer';
import { DeclinedNotice, ExpiredNotice, ReplacedNotice } from './status-notices';

/**
 * An estimate as its status says, the same on its link's page and in the portal: open to answer,
 * accepted, declined, replaced by a revision, or expired.
 */
export function EstimateBody({
  estimate,
  answers,
  firstStatus,
  signedCopyNote,
}: {
  estimate: PublicEstimate;
  answers: EstimateAnswers;
  /** The status the page opened with: an estimate accepted since was accepted here, and its confirmation takes the focus. */
  firstStatus: EstimateStatus | null;
  signedCopyNote?: string;
}) {
  if (estimate.replacement) return <ReplacedNotice replacement={estimate.replacement} />;
  return (
    <>
      <EstimateHeader estimate={estimate} />
      <div className="mt-6">
        {estimate.acceptance ? (
          <AcceptedConfirmation
            estimate={estimate}
            acceptance={estimate.acceptance}
            justAccepted={firstStatus !== null && firstStatus !== 'accepted'}
            signedCopyNote={signedCopyNote}
          />
        ) : estimate.status === 'declined' ? (
          <DeclinedNotice title={estimateTitle(estimate)} />
        ) : estimate.status === 'expired' ? (
          <ExpiredNotice message={`It was valid until ${mediumDateText(estimate.validUntil)}.`} title={estimateTitle(estimate)} />
        ) : (
          <EstimateOffer estimate={estimate} answers={answers} />
        )}
      </div>
    </>
  );
}
