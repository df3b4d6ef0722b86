import { ArrowLeft } from 'lucide-react';
import { Link } from 'wouter';
import type { Property } from '../../../../shared/api/properties';
import { ApiError } from '../../../lib/api-client';
import { useVisit } from '../api/get-visit-history';
import { dashboardPaths } from '../dashboard-view';
import { SectionHeading } from './customer-property-page';
import { VisitRecord } from './visit-record';
import { fullDateText } from '../../../../shared/date-formats';

/**
 * One visit on its own URL (/customer-dashboard/properties/:id/visits/:visitId), so a manager can
 * send it to a colleague who has access. A visit of another property, or another customer's, is
 * "not found".
 */
export function CustomerVisitPage({ property, visitId }: { property: Property; visitId: string }) {
  const visit = useVisit(visitId);
  const back = (
    <Link
      href={dashboardPaths.property(property.id)}
      className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      All visits at {property.name}
    </Link>
  );
  const found = visit.data?.propertyId === property.id ? visit.data : null;
  const missing = (visit.isError && visit.error instanceof ApiError && visit.error.status === 404) || (visit.data && !found);

  return (
    <section aria-labelledby="property-title" className="mt-10">
      {back}
      <div className="mt-4">
        {visit.isPending ? (
          <p className="text-slate-600 dark:text-slate-400">Loading the visit...</p>
        ) : missing ? (
          <div className="rounded-2xl border border-dashed border-slate-300 p-8 dark:border-slate-700">
            <SectionHeading focusKey="visit-not-found">We could not find that visit</SectionHeading>
            <p className="text-slate-600 dark:text-slate-400">
              It is not in the visit history of {property.name}. The link may be mistyped, or the visit may not have happened yet.
            </p>
          </div>
        ) : visit.isError ? (
          <p role="alert" className="text-red-700 dark:text-red-400">
            Error loading the visit. Please try again later.
          </p>
        ) : found ? (
          <>
            <SectionHeading focusKey={found.id}>
              {property.name}: visit of {fullDateText(found.scheduledDate)}
            </SectionHeading>
            <p className="-mt-2 mb-6 text-sm text-slate-600 dark:text-slate-400">
              {property.address}, {property.city}, {property.state} {property.zipCode}
            </p>
            <VisitRecord visit={found} linkToVisit={false} />
          </>
        ) : null}
      </div>
    </section>
  );
}
