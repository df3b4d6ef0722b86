import { Save, Send } from 'lucide-react';
import { useState, type MouseEvent } from 'react';
import { useWatch } from 'react-hook-form';
import { useLocation } from 'wouter';
import type { AssessmentPhoto } from '../../../../shared/api/assessments';
import type { Estimate, EstimateDraft } from '../../../../shared/api/estimates';
import type { Property } from '../../../../shared/api/properties';
import type { QuoteRequest } from '../../../../shared/api/quote-requests';
import { buttonClass } from '../../../components/ui/button';
import { ConfirmBox } from '../../../components/ui/confirm-box';
import { FormError } from '../../../components/ui/form-error';
import { failureMessage } from '../../../lib/api-client';
import { showServerErrors, useSchemaForm } from '../../../lib/use-schema-form';
import { useSaveEstimate, useSendEstimate } from '../api/estimate-mutations';
import type { BillingSettings } from '../../../../shared/api/pricing';
import { liveTotals } from '../builder-totals';
import { estimateFormSchema, type EstimateFormValues } from '../builder-values';
import { estimateNumberText } from '../../../components/estimate-status-pill';
import type { PriceBook } from './form-api';
import { LiveTotalsPanel } from './live-totals-panel';
import { PhotosFields } from './photos-fields';
import { PropertiesFields } from './properties-fields';
import { ProspectFields } from './prospect-fields';
import { TermsFields } from './terms-fields';

/**
 * The estimate builder, for a new estimate and a draft alike: the prospect, the properties and their
 * lines, the terms, dates and note, with the totals live beside them. "Save draft" keeps it and opens
 * its page; "Save and send" keeps it, then asks "Send estimate 1001 to …?" before it goes.
 */
export function EstimateForm({
  initial,
  draft,
  book,
  settings,
  request,
  customerProperties = [],
  photos = [],
}: {
  initial: EstimateFormValues;
  /** The draft being edited, if any. */
  draft?: Estimate;
  book: PriceBook;
  settings: BillingSettings;
  request?: QuoteRequest;
  customerProperties?: readonly Property[];
  /** The photos from the customer's property visits, to show on the estimate. */
  photos?: readonly AssessmentPhoto[];
}) {
  const [, navigate] = useLocation();
  const save = useSaveEstimate();
  const send = useSendEstimate();
  const [intent, setIntent] = useState<'save' | 'send'>('save');
  const [saved, setSaved] = useState<Estimate | null>(draft ?? null);
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<Error | null>(null);
  // Checked by the shared contract through the house's resolver; each button saves with its own next step.
  const form = useSchemaForm<EstimateFormValues, EstimateDraft>(estimateFormSchema, initial, () => Promise.resolve());
  const saveThen = (next: 'save' | 'send') =>
    form.handleSubmit(async (values) => {
      try {
        const estimate = await save.mutateAsync({ id: saved?.id ?? null, draft: values });
        setSaved(estimate);
        if (next === 'send') setAsking(true);
        else navigate(`/admin/estimates/${estimate.id}`);
      } catch (error) {
        setFailure(error as Error);
        showServerErrors(form, error as Error);
      }
    });
  const submit = (next: 'save' | 'send') => (event: MouseEvent<HTMLButtonElement>) => {
    setIntent(next);
    setFailure(null);
    setAsking(false);
    void saveThen(next)(event);
  };
  const [properties, termsOffered] = useWatch({ control: form.control, name: ['properties', 'termsOffered'] });
  const totals = safeTotals(() => liveTotals(properties, book.byId, settings, termsOffered ?? []));

  return (
    <form
      onSubmit={(event) => event.preventDefault()}
      noValidate
      aria-label="Estimate"
      className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start"
    >
      <div className="grid min-w-0 gap-6">
        <ProspectFields form={form} request={request} />
        <PropertiesFields
          form={form}
          book={book}
          taxRates={settings.taxRates}
          totals={totals?.base ?? null}
          customerProperties={customerProperties}
        />
        <PhotosFields form={form} photos={photos} />
        <TermsFields form={form} termDiscounts={settings.termDiscounts} />
      </div>
      <div className="grid gap-4 lg:sticky lg:top-4">
        <LiveTotalsPanel totals={totals} names={properties.map((property) => property.name.trim())} />
        <div className="grid gap-3">
          <div className="grid grid-cols-2 gap-3">
            <button
              type="button"
              onClick={submit('save')}
              disabled={form.formState.isSubmitting}
              className={buttonClass({ variant: 'secondary', className: 'px-3 whitespace-nowrap' })}
            >
              <Save className="size-4" aria-hidden="true" />
              {form.formState.isSubmitting && intent === 'save' ? 'Saving…' : 'Save draft'}
            </button>
            <button
              type="button"
              onClick={submit('send')}
              disabled={form.formState.isSubmitting || send.isPending}
              className={buttonClass({ className: 'px-3 whitespace-nowrap' })}
            >
              <Send className="size-4" aria-hidden="true" />
              Save and send…
            </button>
          </div>
          {asking && saved ? (
            <ConfirmBox
              confirmLabel="Send estimate"
              pendingLabel="Sending…"
              pending={send.isPending}
              cancelLabel="Not yet"
              onConfirm={() => send.mutate(saved.id, { onSuccess: () => navigate(`/admin/estimates/${saved.id}`) })}
              onCancel={() => setAsking(false)}
            >
              Saved as a draft. Send estimate {estimateNumberText(saved)} to {saved.email}? They get a link to accept it online, and the
              PDF.
            </ConfirmBox>
          ) : null}
          <FormError>
            {failure ? failureMessage('save the estimate', failure) : send.error ? failureMessage('send the estimate', send.error) : null}
          </FormError>
        </div>
      </div>
    </form>
  );
}

/** Totals need every line to be countable; a half-typed one is left out by liveTotals, and anything else shows no figures rather than wrong ones. */
function safeTotals<T>(work: () => T): T | null {
  try {
    return work();
  } catch {
    return null;
  }
}
