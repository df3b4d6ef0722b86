import { useEffect, useRef } from 'react';
import { FormProvider } from 'react-hook-form';
import type { PublicEstimate } from '../../../shared/api/estimates';
import { estimateAcceptSchema } from '../../../shared/api/estimate-responses';
import type { EstimateAnswers } from '../../api/estimate-answers';
import { cardClass } from '../ui/card';
import { useSchemaForm } from '../../lib/use-schema-form';
import { AcceptFields } from './accept-fields';
import { EstimatePropertyCard } from './estimate-property';
import { useLiveTotals } from './live-totals';
import { RespondActions } from './respond-forms';
import { ChangesRequestedNotice } from './status-notices';
import { TermChoice } from './term-choice';
import { TermsAndPdf } from './terms-and-pdf';
import { TotalsBar, TotalsSummary } from './totals-summary';
import { VisitPhotos } from './visit-photos';

interface Props {
  estimate: PublicEstimate;
  /** Where the answers go: the estimate's link, or the portal. */
  answers: EstimateAnswers;
}

/** The properties, each with its share of the live totals. */
function PropertyList({ estimate }: { estimate: PublicEstimate }) {
  const totals = useLiveTotals(estimate);
  return (
    <section aria-labelledby="estimate-properties" className="space-y-4">
      <h2 id="estimate-properties" className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
        {estimate.properties.length === 1 ? 'Your property' : `Your ${estimate.properties.length} properties`}
      </h2>
      {estimate.properties.map((property, index) => (
        <EstimatePropertyCard key={property.id} estimate={estimate} property={property} totals={totals.properties[index]!} />
      ))}
    </section>
  );
}

/**
 * An open estimate: the customer ticks options, fills in PO numbers, chooses a term and signs. One
 * form (the shared accept schema) holds all of it, so the totals follow every choice; a second press
 * while the first is on its way sends nothing more.
 */
export function EstimateOffer({ estimate, answers }: Props) {
  const sending = useRef(false);
  const form = useSchemaForm(
    estimateAcceptSchema,
    { term: estimate.termsOffered[0], optionalLineIds: [], poNumbers: {}, name: '', title: '' },
    async (values) => {
      if (sending.current) return;
      sending.current = true;
      try {
        await answers.accept(values);
      } finally {
        sending.current = false;
      }
    },
  );
  // The server's HTML shows the form before React runs: a box ticked then would be lost when React takes
  // over. So its controls start off and are switched on here, on the element, without rendering the
  // whole estimate a second time (a long task on a phone, right after the first paint).
  const controls = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    if (!controls.current) return;
    controls.current.disabled = false;
    controls.current.dataset.ready = 'true';
  }, []);
  const { errors } = form.formState;
  // A server's message for all the PO numbers or options at once lands on the field's name, not on one property's.
  const listError = (errors.poNumbers as { message?: string } | undefined)?.message ?? errors.optionalLineIds?.message;
  const formError = form.serverError ?? listError;
  return (
    <FormProvider {...form}>
      <fieldset
        ref={controls}
        disabled
        data-ready="false"
        className="mt-6 grid min-w-0 gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start lg:gap-8"
      >
        <div className="min-w-0 space-y-6">
          {estimate.status === 'changes_requested' ? <ChangesRequestedNotice /> : null}
          <PropertyList estimate={estimate} />
          <VisitPhotos photos={estimate.photos} photoBase={estimate.photoBase} />
          <TermsAndPdf pdfUrl={estimate.pdfUrl} />
          <TotalsBar estimate={estimate} />
        </div>
        <aside id="accept" aria-label="Accept this estimate" className="scroll-mt-4 space-y-4">
          <form onSubmit={form.submit} noValidate className={cardClass({ padding: 'p-5', className: 'space-y-5' })}>
            <TermChoice estimate={estimate} />
            <TotalsSummary estimate={estimate} />
            <AcceptFields sending={form.formState.isSubmitting} serverError={formError} />
          </form>
          <div className={cardClass({ padding: 'p-5' })}>
            <RespondActions answers={answers} />
          </div>
        </aside>
      </fieldset>
    </FormProvider>
  );
}
