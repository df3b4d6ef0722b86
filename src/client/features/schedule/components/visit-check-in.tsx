import { ExternalLink } from 'lucide-react';
import type { VisitDetail } from '../../../../shared/api/schedule';
import { instantShortDateTimeText } from '../../../../shared/date-formats';
import { mapsLink } from '../../../../shared/geo';
import { formatDistance } from '../dates';

/** Where the check-in was placed, in words, with the distance; coordinates for staff only. */
export function CheckIn({ detail }: { detail: VisitDetail }) {
  const { visit } = detail;
  if (!visit.checkIn && !visit.checkedInAt) return <p className="text-sm text-slate-600 dark:text-slate-400">Not checked in yet.</p>;
  const checkIn = visit.checkIn;
  const distance = checkIn?.distanceMeters ?? null;
  const verdict =
    checkIn?.locationStatus === 'verified'
      ? `Verified on site${distance !== null ? `: ${formatDistance(distance)} from the property` : ''}`
      : checkIn?.locationStatus === 'away'
        ? `Away from the site${distance !== null ? `: ${formatDistance(distance)} from the property` : ''}`
        : 'Not verified: the location was refused or unavailable, or the property has no location yet';
  return (
    <dl className="grid gap-3 text-sm sm:grid-cols-2">
      <div>
        <dt className="font-medium text-slate-600 dark:text-slate-400">Checked in</dt>
        <dd className="text-slate-900 dark:text-white">
          {visit.checkedInAt ? instantShortDateTimeText(visit.checkedInAt) : 'No time recorded'}
          {visit.checkedInBy ? ` by ${visit.checkedInBy.name}` : ''}
        </dd>
      </div>
      <div>
        <dt className="font-medium text-slate-600 dark:text-slate-400">Checked out</dt>
        <dd className="text-slate-900 dark:text-white">
          {visit.checkedOutAt ? instantShortDateTimeText(visit.checkedOutAt) : 'Not yet'}
          {visit.checkedOutBy ? ` by ${visit.checkedOutBy.name}` : ''}
        </dd>
      </div>
      <div className="sm:col-span-2">
        <dt className="font-medium text-slate-600 dark:text-slate-400">Location</dt>
        <dd className="text-slate-900 dark:text-white">
          {verdict}
          {checkIn?.latitude != null && checkIn.longitude != null ? (
            <>
              {' · '}
              <a
                href={mapsLink('', { lat: checkIn.latitude, lng: checkIn.longitude })}
                target="_blank"
                rel="noreferrer"
                className="inline-flex items-center gap-1 font-semibold text-brand-700 underline dark:text-brand-300"
              >
                Where the phone was <ExternalLink className="size-3.5" aria-hidden="true" />
              </a>
              {checkIn.accuracyMeters != null ? ` (accurate to ${formatDistance(checkIn.accuracyMeters)})` : ''}
            </>
          ) : null}
        </dd>
      </div>
    </dl>
  );
}
