import type { QuoteRequest } from '../../../../shared/api/quote-requests';
import { instantDateText } from '../../../../shared/date-formats';
import { Card } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/text-field';
import { sectionTitle, type EstimateFormApi } from './form-api';

/** Who the estimate is for: the company (a quote request has none: staff ask), the person, and the request it answers. */
export function ProspectFields({ form, request }: { form: EstimateFormApi; request?: QuoteRequest }) {
  const { errors } = form.formState;
  const fromRequest = request && !request.customer;
  return (
    <Card aria-labelledby="prospect-title" padding="p-4 sm:p-6">
      <h2 id="prospect-title" className={sectionTitle}>
        Prospect
      </h2>
      <div className={request ? 'mt-4 grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]' : 'mt-4'}>
        <div className="grid content-start gap-4 sm:grid-cols-2">
          <TextField
            label="Company name"
            hint={fromRequest ? 'The quote form asks for no company: ask the requester.' : undefined}
            className={fromRequest ? 'sm:col-span-2' : undefined}
            autoComplete="organization"
            aria-required="true"
            {...form.register('companyName')}
            error={errors.companyName?.message}
          />
          <TextField label="Contact name" aria-required="true" {...form.register('contactName')} error={errors.contactName?.message} />
          <TextField label="Email" type="email" aria-required="true" {...form.register('email')} error={errors.email?.message} />
          <TextField label="Phone (optional)" type="tel" {...form.register('phone')} error={errors.phone?.message} />
        </div>
        {request ? (
          <aside
            aria-labelledby="request-title"
            className="rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm dark:border-slate-700 dark:bg-slate-950"
          >
            <h3 id="request-title" className="font-semibold text-slate-900 dark:text-white">
              The quote request of {instantDateText(request.submittedAt)}
            </h3>
            <p className="mt-1 text-slate-600 dark:text-slate-400">
              {request.name} · {request.service}
              {request.propertySize ? ` · ${request.propertySize}` : ''}
            </p>
            <p className="mt-3 whitespace-pre-wrap break-words text-slate-700 dark:text-slate-300">{request.message}</p>
          </aside>
        ) : null}
      </div>
    </Card>
  );
}
