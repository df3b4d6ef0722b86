import { AGREEMENT_TERMS, formatPercent, TERM_NAMES, type AgreementTerm, type BasisPoints } from '../../../../shared/estimate-totals';
import { localToday } from '../../../../shared/local-dates';
import { ESTIMATE_LIMITS } from '../../../../shared/api/estimate-responses';
import { Card } from '../../../components/ui/card';
import { checkClass, choiceClass } from '../../../components/ui/choice-styles';
import { Fieldset } from '../../../components/ui/fieldset';
import { TextAreaField, TextField } from '../../../components/ui/text-field';
import { listError, sectionTitle, type EstimateFormApi } from './form-api';

/** "10% off", or "no discount". */
export const discountText = (bp: BasisPoints) => (bp ? `${formatPercent(bp)} off` : 'no discount');

/** The terms offered with their discounts, the proposed start and the last valid day, and the note to the customer. */
export function TermsFields({ form, termDiscounts }: { form: EstimateFormApi; termDiscounts: Record<AgreementTerm, BasisPoints> }) {
  const { errors } = form.formState;
  const today = localToday();
  return (
    <Card aria-labelledby="terms-title" padding="p-4 sm:p-6" className="grid gap-6">
      <h2 id="terms-title" className={sectionTitle}>
        Terms and dates
      </h2>
      <Fieldset
        legend="Terms offered"
        hint="The discount comes off recurring work only, never one-time work. The prospect chooses one."
        error={listError(errors.termsOffered)}
      >
        <div className="flex flex-wrap gap-x-6 gap-y-1">
          {AGREEMENT_TERMS.map((term) => (
            <label key={term} className={choiceClass}>
              <input type="checkbox" value={term} {...form.register('termsOffered')} className={checkClass} />
              {TERM_NAMES[term]} <span className="text-slate-600 dark:text-slate-400">({discountText(termDiscounts[term])})</span>
            </label>
          ))}
        </div>
      </Fieldset>
      <div className="grid max-w-xl gap-4 sm:grid-cols-2">
        <TextField
          label="Proposed start"
          type="date"
          min={today}
          {...form.register('proposedStartDate')}
          error={errors.proposedStartDate?.message}
        />
        <TextField label="Valid until" type="date" min={today} {...form.register('validUntil')} error={errors.validUntil?.message} />
      </div>
      <TextAreaField
        label="Note to the customer (optional)"
        hint="Shown on the estimate’s page and in the PDF."
        rows={4}
        maxLength={ESTIMATE_LIMITS.note}
        placeholder="Thank you for walking the lot with us on Tuesday. The price includes the loading dock and the east sidewalk…"
        {...form.register('note')}
        error={errors.note?.message}
      />
    </Card>
  );
}
