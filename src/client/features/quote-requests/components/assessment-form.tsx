import { z } from 'zod/mini';
import { CHOOSE_A_DATE } from '../../../../shared/api/common';
import { PROPERTY_TYPES } from '../../../../shared/api/properties';
import { shortWeekdayDateText } from '../../../../shared/date-formats';
import { addDays, localToday } from '../../../../shared/local-dates';
import type { QuoteRequest } from '../../../../shared/api/quote-requests';
import { propertyInputSchema, required } from '../../../../shared/staff-schemas';
import { useCrewMembers } from '../../../api/get-crew-members';
import { buttonClass } from '../../../components/ui/button';
import { CrewPicker } from '../../../components/ui/crew-picker';
import { Fieldset } from '../../../components/ui/fieldset';
import { FormError } from '../../../components/ui/form-error';
import { Select } from '../../../components/ui/select';
import { TextAreaField, TextField } from '../../../components/ui/text-field';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useScheduleAssessment } from '../api/assessments';

/** The form's own fields: the shared property fields, and the window as two times; the server checks the rest with the same contract. */
const formSchema = z.object({
  companyName: required('Company name', 200),
  property: propertyInputSchema,
  date: z.string().check(z.minLength(1, CHOOSE_A_DATE)),
  windowFrom: z.string(),
  windowTo: z.string(),
  crewUserIds: z.array(z.string()).check(z.minLength(1, 'Choose at least one crew member')),
  instructions: z.string(),
});

/**
 * "Schedule a property visit": the free look at the prospect's lot before the estimate (issue 24).
 * The company (unless the request already has a customer), the site, the day, an optional window,
 * the crew and what they should know; the crew does it on their phone like any visit.
 */
export function AssessmentForm({
  quoteRequest,
  onDone,
  onCancel,
}: {
  quoteRequest: QuoteRequest;
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const crew = useCrewMembers();
  const schedule = useScheduleAssessment();
  const { register, submit, serverError, formState } = useSchemaForm(
    formSchema,
    {
      companyName: quoteRequest.customer?.name ?? '',
      property: { name: '', address: '', city: '', state: 'WI', zipCode: '', propertyType: 'Retail Center' },
      date: addDays(localToday(), 1),
      windowFrom: '',
      windowTo: '',
      crewUserIds: [],
      instructions: '',
    },
    async (values) => {
      await schedule.mutateAsync({
        quoteRequestId: quoteRequest.id,
        input: {
          companyName: values.companyName,
          property: values.property,
          date: values.date,
          window: values.windowFrom || values.windowTo ? { from: values.windowFrom, to: values.windowTo } : null,
          crewUserIds: values.crewUserIds,
          instructions: values.instructions,
        },
      });
      onDone(`Property visit to ${values.property.name} scheduled for ${shortWeekdayDateText(values.date)}.`);
    },
  );
  const { errors } = formState;
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Schedule a property visit"
      className="mt-3 grid gap-4 rounded-xl border border-slate-200 p-4 sm:grid-cols-2 dark:border-slate-700"
    >
      {quoteRequest.customer ? null : (
        <TextField
          label="Company"
          hint="The business the estimate is for"
          className="sm:col-span-2"
          {...register('companyName')}
          error={errors.companyName?.message}
        />
      )}
      <TextField
        label="Site name"
        placeholder="For example: Brookfield Square East lot"
        {...register('property.name')}
        error={errors.property?.name?.message}
      />
      <Select label="Property type" {...register('property.propertyType')} error={errors.property?.propertyType?.message}>
        {PROPERTY_TYPES.map((type) => (
          <option key={type}>{type}</option>
        ))}
      </Select>
      <TextField
        label="Street address"
        className="sm:col-span-2"
        {...register('property.address')}
        error={errors.property?.address?.message}
      />
      <div className="grid grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1.4fr)] gap-3 sm:col-span-2">
        <TextField label="City" {...register('property.city')} error={errors.property?.city?.message} />
        <TextField label="State" maxLength={2} {...register('property.state')} error={errors.property?.state?.message} />
        <TextField label="ZIP code" inputMode="numeric" {...register('property.zipCode')} error={errors.property?.zipCode?.message} />
      </div>
      <div className="grid grid-cols-[minmax(0,1.3fr)_minmax(0,1fr)_minmax(0,1fr)] gap-3 sm:col-span-2">
        <TextField label="Date" type="date" {...register('date')} error={errors.date?.message} />
        <TextField label="From (optional)" type="time" {...register('windowFrom')} />
        <TextField label="To (optional)" type="time" {...register('windowTo')} />
      </div>
      <Fieldset legend="Crew" error={errors.crewUserIds?.message} className="min-w-0 sm:col-span-2">
        <CrewPicker crew={crew} field={register('crewUserIds')} empty="No crew members yet. Invite them on the Crew page first." />
      </Fieldset>
      <TextAreaField
        label="Instructions for the crew (optional)"
        className="sm:col-span-2"
        rows={2}
        {...register('instructions')}
        error={errors.instructions?.message}
        placeholder="For example: meet the manager at the office by the food court entrance"
      />
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
        <button type="submit" disabled={formState.isSubmitting} className={buttonClass()}>
          {formState.isSubmitting ? 'Scheduling...' : 'Schedule the visit'}
        </button>
        <button type="button" onClick={onCancel} className={buttonClass({ variant: 'ghost' })}>
          Cancel
        </button>
        <FormError>{serverError}</FormError>
      </div>
    </form>
  );
}
