import { useState } from 'react';
import { UNIT_NAMES } from '../../../../shared/estimate-totals';
import { formatCents } from '../../../../shared/money';
import { TAX_CLASS_NAMES, type PriceBookService } from '../../../../shared/api/pricing';
import { buttonClass } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { readableError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useUpdateService } from '../api/price-book';
import { ServiceForm } from './service-form';

const pill = 'inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold';
const TAX_PILL = {
  exempt: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
  taxable: 'bg-amber-50 text-amber-900 dark:bg-amber-950/60 dark:text-amber-200',
} as const;

/** One service of the price book: its price and unit, tax class and checklist; owners edit, retire and restore it. */
export function ServiceRow({
  service,
  mayEdit,
  onSaved,
}: {
  service: PriceBookService;
  mayEdit: boolean;
  onSaved: (notice: string) => void;
}) {
  const [editing, setEditing] = useState(false);
  const update = useUpdateService();
  const headingId = `service-${service.id}`;
  if (editing)
    return (
      <li className="py-4">
        <h3 id={headingId} className="mb-3 font-semibold text-slate-900 dark:text-white">
          Edit {service.name}
        </h3>
        <ServiceForm
          service={service}
          submitLabel="Save service"
          onSubmit={async (values) => {
            const saved = await update.mutateAsync({ id: service.id, ...values });
            setEditing(false);
            onSaved(`${saved.name} saved: ${formatCents(saved.priceCents)} ${UNIT_NAMES[saved.unit]}.`);
          }}
          onCancel={() => setEditing(false)}
        />
      </li>
    );
  const setActive = async (active: boolean) => {
    const saved = await update.mutateAsync({ id: service.id, active });
    onSaved(active ? `${saved.name} is offered again.` : `${saved.name} retired: new estimates no longer offer it.`);
  };
  return (
    <li aria-labelledby={headingId} className={cn('grid gap-3 py-4 sm:grid-cols-[minmax(0,1fr)_auto]', !service.active && 'opacity-80')}>
      <div className="min-w-0">
        <h3 id={headingId} className="font-semibold text-slate-900 dark:text-white">
          {service.name}
          {service.active ? null : (
            <span className={cn(pill, 'ml-2 bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100')}>Retired</span>
          )}
        </h3>
        <p className="mt-1 text-sm">
          <span className="font-semibold text-slate-900 tabular-nums dark:text-white">{formatCents(service.priceCents)}</span>{' '}
          <span className="text-slate-600 dark:text-slate-400">{UNIT_NAMES[service.unit]}</span>
          <span className={cn(pill, 'ml-3', TAX_PILL[service.taxClass])}>{TAX_CLASS_NAMES[service.taxClass]}</span>
        </p>
        {service.description ? <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{service.description}</p> : null}
        {service.checklist.length ? (
          <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">Checklist: {service.checklist.join(' · ')}</p>
        ) : null}
      </div>
      {mayEdit ? (
        <div className="flex flex-wrap items-start gap-2 sm:justify-end">
          <button type="button" onClick={() => setEditing(true)} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
            Edit<span className="sr-only"> {service.name}</span>
          </button>
          <button
            type="button"
            disabled={update.isPending}
            onClick={() => void setActive(!service.active).catch(() => undefined)}
            className={buttonClass({ variant: 'ghost', size: 'sm' })}
          >
            {service.active ? 'Retire' : 'Restore'}
            <span className="sr-only"> {service.name}</span>
          </button>
          {update.isError ? <FormError>{readableError(update.error)}</FormError> : null}
        </div>
      ) : null}
    </li>
  );
}
