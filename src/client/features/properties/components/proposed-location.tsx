import { ExternalLink } from 'lucide-react';
import type { PropertyDetail } from '../../../../shared/api/properties';
import { mapsLink } from '../../../../shared/geo';
import { buttonClass } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { failureMessage } from '../../../lib/api-client';
import { useConfirmLocation } from '../api/confirm-location';
import { useDismissLocation } from '../api/dismiss-location';
import { formatPoint } from './formats';

/** A location a crew check-in proposed: checked on the map, then confirmed or dismissed by staff who may. */
export function ProposedLocation({
  propertyId,
  proposal,
  mayUpdate,
}: {
  propertyId: string;
  proposal: NonNullable<PropertyDetail['proposedLocation']>;
  mayUpdate: boolean;
}) {
  const confirm = useConfirmLocation();
  const dismiss = useDismissLocation();
  return (
    <div
      role="region"
      aria-labelledby="proposal-title"
      className="mt-5 rounded-xl border border-amber-300 bg-amber-50 p-4 dark:border-amber-700 dark:bg-amber-950/50"
    >
      <h3 id="proposal-title" className="font-semibold text-amber-950 dark:text-amber-100">
        A crew check-in proposed a location
      </h3>
      <p className="mt-1 text-sm text-amber-950 dark:text-amber-100">
        <span className="font-mono">{formatPoint(proposal)}</span>. Check it on the map, then confirm it if it is this lot.
      </p>
      <p className="mt-2">
        <a
          href={mapsLink(formatPoint(proposal), proposal)}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 text-sm font-semibold text-amber-950 underline dark:text-amber-100"
        >
          See the proposed point <ExternalLink className="size-4" aria-hidden="true" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      </p>
      {mayUpdate ? (
        <div className="mt-3 flex flex-wrap gap-2">
          <button
            type="button"
            disabled={confirm.isPending}
            onClick={() => confirm.mutate({ propertyId, lat: proposal.lat, lng: proposal.lng })}
            className={buttonClass({ size: 'sm' })}
          >
            Confirm this location
          </button>
          <button
            type="button"
            disabled={dismiss.isPending}
            onClick={() => dismiss.mutate(propertyId)}
            className={buttonClass({ variant: 'secondary', size: 'sm' })}
          >
            Dismiss
          </button>
        </div>
      ) : null}
      <div className="mt-2">
        <FormError>{confirm.error ? failureMessage('confirm the location', confirm.error) : null}</FormError>
        <FormError>{dismiss.error ? failureMessage('dismiss the proposal', dismiss.error) : null}</FormError>
      </div>
    </div>
  );
}
