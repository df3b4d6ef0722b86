import { Plus } from 'lucide-react';
import { useState } from 'react';
import { UNIT_NAMES } from '../../../../shared/estimate-totals';
import { formatCents } from '../../../../shared/money';
import { useRoleMay } from '../../../api/get-auth-user';
import { usePriceBook } from '../../../api/get-price-book';
import { buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { SavedNotice } from '../../../components/ui/saved-notice';
import { useCreateService } from '../api/price-book';
import { BillingSettingsCard } from './billing-settings-card';
import { InvoiceSettingsCard } from './invoice-settings-card';
import { ServiceForm } from './service-form';
import { ServiceRow } from './service-row';

const muted = 'text-slate-600 dark:text-slate-400';

function Services({ mayEdit, onSaved }: { mayEdit: boolean; onSaved: (notice: string) => void }) {
  const services = usePriceBook();
  if (services.isPending) return <p className={`mt-3 ${muted}`}>Loading the price book...</p>;
  if (services.isError)
    return (
      <p role="alert" className="mt-3 text-red-700 dark:text-red-400">
        Could not load the price book. Please refresh the page.
      </p>
    );
  if (services.data.length === 0) return <p className={`mt-3 ${muted}`}>No services yet. Add the first one to price estimates from it.</p>;
  return (
    <ul className="divide-y divide-slate-200 dark:divide-slate-800">
      {services.data.map((service) => (
        <ServiceRow key={service.id} service={service} mayEdit={mayEdit} onSaved={onSaved} />
      ))}
    </ul>
  );
}

/** /admin/price-book: the company's services and default prices, and the billing settings; owners change them, the office reads them. */
export default function PriceBookPage() {
  const mayEdit = useRoleMay('update', 'priceBookService');
  const mayAdd = useRoleMay('create', 'priceBookService');
  const mayEditSettings = useRoleMay('update', 'billingSettings');
  const create = useCreateService();
  const [adding, setAdding] = useState(false);
  const [notice, setNotice] = useState('');
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Price book</h1>
        {mayAdd && !adding ? (
          <button type="button" onClick={() => setAdding(true)} className={buttonClass()}>
            <Plus className="size-4" aria-hidden="true" /> Add service
          </button>
        ) : null}
      </div>
      <p className={`max-w-3xl ${muted}`}>
        Each estimate line starts from a service here, with its price, unit and tax class. A change of price reaches only the estimates made
        afterwards; estimates already written keep theirs.{mayEdit ? '' : ' Only an owner can change prices.'}
      </p>
      <SavedNotice notice={notice} />
      {adding ? (
        <Card aria-labelledby="add-service-title">
          <h2 id="add-service-title" className="mb-4 text-lg font-semibold text-slate-900 dark:text-white">
            Add a service
          </h2>
          <ServiceForm
            submitLabel="Add service"
            onSubmit={async (values) => {
              const saved = await create.mutateAsync(values);
              setAdding(false);
              setNotice(`${saved.name} added: ${formatCents(saved.priceCents)} ${UNIT_NAMES[saved.unit]}.`);
            }}
            onCancel={() => setAdding(false)}
          />
        </Card>
      ) : null}
      <Card aria-labelledby="services-title">
        <h2 id="services-title" className="text-lg font-semibold text-slate-900 dark:text-white">
          Services
        </h2>
        <Services mayEdit={mayEdit} onSaved={setNotice} />
      </Card>
      <BillingSettingsCard mayEdit={mayEditSettings} />
      <InvoiceSettingsCard mayEdit={mayEditSettings} />
    </div>
  );
}
