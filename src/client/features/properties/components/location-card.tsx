import { ExternalLink, MapPin } from 'lucide-react';
import type { PropertyDetail } from '../../../../shared/api/properties';
import { useRoleMay } from '../../../api/get-auth-user';
import { Card } from '../../../components/ui/card';
import { formatPoint, LOCATION_SOURCE_LABELS } from './formats';
import { LocationForm } from './location-form';
import { ProposedLocation } from './proposed-location';

const linkClass = 'inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300';

/** The property's location: shown, typed, read from this device on the site, or confirmed from a crew check-in. */
export function LocationCard({ detail }: { detail: PropertyDetail }) {
  const propertyId = detail.property.id;
  const mayUpdate = useRoleMay('update', 'property');
  return (
    <Card aria-labelledby="location-title">
      <h2 id="location-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-white">
        <MapPin className="size-5 text-brand-700 dark:text-brand-300" aria-hidden="true" />
        Location
      </h2>
      {detail.location ? (
        <dl className="mt-3 text-sm">
          <dt className="sr-only">Coordinates</dt>
          <dd className="font-mono text-base text-slate-900 dark:text-white">{formatPoint(detail.location)}</dd>
          <dt className="sr-only">Source</dt>
          <dd className="mt-1 text-slate-600 dark:text-slate-400">
            {detail.location.source ? LOCATION_SOURCE_LABELS[detail.location.source] : 'Source not recorded'}
          </dd>
        </dl>
      ) : (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
          No location yet. Until there is one, crew check-ins here cannot be verified on site.
        </p>
      )}
      <p className="mt-3">
        <a href={detail.mapsLink} target="_blank" rel="noopener noreferrer" className={linkClass}>
          Open in maps <ExternalLink className="size-4" aria-hidden="true" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      </p>
      {detail.proposedLocation ? (
        <ProposedLocation propertyId={propertyId} proposal={detail.proposedLocation} mayUpdate={mayUpdate} />
      ) : null}
      {mayUpdate ? <LocationForm propertyId={propertyId} location={detail.location} /> : null}
    </Card>
  );
}
