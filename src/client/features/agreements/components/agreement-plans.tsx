import { Link } from 'wouter';
import type { ConsoleAgreement } from '../../../../shared/api/agreements';
import { mediumDateText } from '../../../../shared/date-formats';
import { NeedsCrewBadge } from '../../../components/needs-crew-badge';
import { Card } from '../../../components/ui/card';

/** The plans the agreement made, one per recurring line: how often, since when, with which crew; each on its property's page. */
export function AgreementPlans({ agreement }: { agreement: ConsoleAgreement }) {
  return (
    <Card aria-labelledby="agreement-plans-title" padding="p-5">
      <h2 id="agreement-plans-title" className="text-base font-semibold text-slate-900 dark:text-white">
        Plans it made
      </h2>
      {agreement.plans.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          None: every service in it is one-time or done as needed, so its visits were booked one by one.
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200 text-sm dark:divide-slate-800">
          {agreement.plans.map((plan) => (
            <li key={plan.id} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 py-2.5">
              <span className="min-w-0">
                <Link
                  href={`/admin/properties/${plan.propertyId}`}
                  className="font-semibold text-brand-700 hover:underline dark:text-brand-300"
                >
                  {plan.name} at {plan.propertyName}
                </Link>
                <span className="block text-slate-700 dark:text-slate-300">
                  {plan.frequency}, from {mediumDateText(plan.startDate)}
                  {plan.endDate ? ` to ${mediumDateText(plan.endDate)}` : ''}
                </span>
              </span>
              {plan.crew.length ? (
                <span className="text-slate-700 dark:text-slate-300">Crew: {plan.crew.map((member) => member.name).join(', ')}</span>
              ) : (
                <NeedsCrewBadge />
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
