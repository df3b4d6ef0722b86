import { ArrowLeft, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'wouter';
import { company } from '../../../../shared/company';
import { formatPercent } from '../../../../shared/estimate-totals';
import { JURISDICTION_NAMES } from '../../../../shared/tax-jurisdictions';
import { useRoleMay } from '../../../api/get-auth-user';
import { MonthlyReportDownload } from '../../../components/monthly-report-download';
import { buttonClass } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { useCreatePlan } from '../api/create-plan';
import { useProperty } from '../api/get-property';
import { usePropertyVisits } from '../api/get-property-visits';
import { LocationCard } from './location-card';
import { PlanCard } from './plan-card';
import { PlanForm } from './plan-form';
import { VisitList } from './visit-list';
import { cardClass } from '../../../components/ui/card';

function Visits({ propertyId }: { propertyId: string }) {
  const visits = usePropertyVisits(propertyId);
  return (
    <section aria-labelledby="visits-title" className={cardClass()}>
      <h2 id="visits-title" className="text-lg font-semibold text-slate-900 dark:text-white">
        Visits
      </h2>
      {visits.isPending ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Loading visits…</p>
      ) : visits.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
          Could not load the visits. Refresh the page to try again.
        </p>
      ) : (
        <div className="mt-4 grid gap-6">
          <VisitList
            id="upcoming-title"
            title="Coming up"
            visits={visits.data.upcoming}
            empty="No visits planned. Add a plan, and its visits appear here for the coming weeks."
          />
          <VisitList id="recent-title" title="The last six weeks" visits={visits.data.recent} empty="No visits in the last six weeks." />
        </div>
      )}
    </section>
  );
}

/** /admin/properties/:id: the property's plans, its location and its visits. */
export default function PropertyPage() {
  const { id } = useParams<{ id: string }>();
  const detail = useProperty(id);
  const create = useCreatePlan();
  const mayCreate = useRoleMay('create', 'servicePlan');
  const mayReadReport = useRoleMay('read', 'serviceReport');
  const [adding, setAdding] = useState(false);
  const name = detail.data?.property.name;
  useEffect(() => {
    if (name) document.title = `${name} · ${company.name}`;
  }, [name]);

  if (detail.isPending) return <p className="text-slate-600 dark:text-slate-400">Loading the property…</p>;
  if (detail.isError)
    return (
      <p role="alert" className="text-red-700 dark:text-red-400">
        {detail.error instanceof ApiError && detail.error.status === 404
          ? 'This property does not exist. It may have been removed.'
          : 'Error loading the property. Please refresh the page.'}
      </p>
    );
  const { property, plans, salesTax } = detail.data;
  return (
    <div className="grid gap-8">
      <div>
        <Link
          href={`/admin/customers/${property.customerId}`}
          className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300"
        >
          <ArrowLeft className="size-4" aria-hidden="true" /> {property.customerName}
        </Link>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{property.name}</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">
          {property.address}, {property.city}, {property.state} {property.zipCode} · {property.propertyType}
        </p>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Sales tax: {JURISDICTION_NAMES[salesTax.jurisdiction]} ({formatPercent(salesTax.rateBp)}) on taxable services
        </p>
      </div>
      {/* On a phone the location comes between the plans and the long list of visits; on a desk it sits beside both. */}
      <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <section aria-labelledby="plans-title" className="grid min-w-0 gap-4 lg:col-start-1">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="plans-title" className="text-lg font-semibold text-slate-900 dark:text-white">
              Service plans
            </h2>
            {mayCreate && !adding ? (
              <button type="button" onClick={() => setAdding(true)} className={buttonClass({ size: 'sm' })}>
                <Plus className="size-4" aria-hidden="true" /> Add a plan
              </button>
            ) : null}
          </div>
          {adding ? (
            <div className={cardClass()}>
              <h3 className="mb-4 font-semibold text-slate-900 dark:text-white">New plan</h3>
              <PlanForm
                submitLabel="Add plan"
                onSubmit={async (input) => {
                  await create.mutateAsync({ propertyId: id, input });
                  setAdding(false);
                }}
                onCancel={() => setAdding(false)}
              />
            </div>
          ) : null}
          {plans.length ? (
            plans.map((plan) => <PlanCard key={plan.id} plan={plan} />)
          ) : adding ? null : (
            <p className={cardClass({ className: 'text-sm text-slate-600 dark:text-slate-400' })}>
              No plans yet. A plan says how often the lot is cleaned, in which window, by whom and what the crew checks off; its visits are
              made for the next weeks as soon as it is saved.
            </p>
          )}
        </section>
        <div className="grid gap-8 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <LocationCard detail={detail.data} />
          {mayReadReport ? (
            <section aria-labelledby="report-title" className={cardClass()}>
              <h2 id="report-title" className="mb-3 text-lg font-semibold text-slate-900 dark:text-white">
                Monthly report
              </h2>
              <MonthlyReportDownload
                of={{ propertyId: id, console: true }}
                description="A PDF of the month’s visits for the customer: a summary, then each visit with its times, checklist and photos."
              />
            </section>
          ) : null}
        </div>
        <div className="min-w-0 lg:col-start-1">
          <Visits propertyId={id} />
        </div>
      </div>
    </div>
  );
}
