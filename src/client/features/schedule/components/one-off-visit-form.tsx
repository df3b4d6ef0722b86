import { CrewCheckboxes } from './crew-checkboxes';
import { useId } from 'react';
import { z } from 'zod/mini';
import { CHOOSE_A_DATE, type Person } from '../../../../shared/api/common';
import { DEFAULT_CHECKLIST, type OneOffVisitInput } from '../../../../shared/api/schedule';
import { buttonClass } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { inputClass } from '../../../components/ui/text-field';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useCreateVisit } from '../api/create-visit';
import { useVisitProperties } from '../api/get-visit-properties';
import { formatDay } from '../dates';

/**
 * The form's own fields (the checklist as one item a line, the window as two times); what it
 * sends is checked by the server with the shared contract, whose messages land on the fields.
 */
const formSchema = z.object({
  propertyId: z.string().check(z.minLength(1, 'Choose the property')),
  date: z.string().check(z.minLength(1, CHOOSE_A_DATE)),
  windowFrom: z.string(),
  windowTo: z.string(),
  crewUserIds: z.array(z.string()).check(z.minLength(1, 'Choose at least one crew member')),
  checklist: z.string(),
  instructions: z.string(),
});
type FormValues = z.infer<typeof formSchema>;

const toInput = (values: FormValues): OneOffVisitInput => ({
  propertyId: values.propertyId,
  date: values.date,
  window: values.windowFrom || values.windowTo ? { from: values.windowFrom, to: values.windowTo } : null,
  crewUserIds: values.crewUserIds,
  checklist: values.checklist
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean),
  instructions: values.instructions,
});

const label = 'mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200';
const errorText = 'mt-1 text-sm font-medium text-red-700 dark:text-red-400';

/** "Add a one-off visit": a property, a day, an optional window, the crew, the checklist and instructions. */
export function OneOffVisitForm({
  crew,
  defaultDate,
  onDone,
  onCancel,
}: {
  crew: Person[];
  defaultDate: string;
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const properties = useVisitProperties();
  const create = useCreateVisit();
  const { register, submit, serverError, formState } = useSchemaForm(
    formSchema,
    {
      propertyId: '',
      date: defaultDate,
      windowFrom: '',
      windowTo: '',
      crewUserIds: [],
      checklist: DEFAULT_CHECKLIST.join('\n'),
      instructions: '',
    },
    async (values) => {
      await create.mutateAsync(toInput(values));
      const property = properties.data?.find((candidate) => candidate.id === values.propertyId);
      onDone(`One-off visit to ${property?.name ?? 'the property'} added on ${formatDay(values.date)}.`);
    },
  );
  const { errors } = formState;
  const described = (field: keyof FormValues) =>
    errors[field] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${field}-error` } : { 'aria-invalid': false };
  const error = (field: keyof FormValues) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className={errorText}>
        {errors[field]?.message}
      </p>
    ) : null;

  return (
    <form onSubmit={submit} noValidate className="grid gap-4 lg:grid-cols-2">
      <div>
        <label htmlFor={`${id}-property`} className={label}>
          Property
        </label>
        <select id={`${id}-property`} {...register('propertyId')} {...described('propertyId')} className={inputClass}>
          <option value="">{properties.isPending ? 'Loading properties...' : 'Choose a property'}</option>
          {properties.data?.map((property) => (
            <option key={property.id} value={property.id}>
              {property.name}, {property.city} ({property.customerName})
            </option>
          ))}
        </select>
        {error('propertyId')}
      </div>
      <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)] gap-3">
        <div>
          <label htmlFor={`${id}-date`} className={label}>
            Date
          </label>
          <input id={`${id}-date`} type="date" {...register('date')} {...described('date')} className={inputClass} />
          {error('date')}
        </div>
        <div>
          <label htmlFor={`${id}-from`} className={label}>
            From (optional)
          </label>
          <input id={`${id}-from`} type="time" {...register('windowFrom')} className={inputClass} />
        </div>
        <div>
          <label htmlFor={`${id}-to`} className={label}>
            To (optional)
          </label>
          <input id={`${id}-to`} type="time" {...register('windowTo')} className={inputClass} />
        </div>
      </div>
      <fieldset aria-describedby={errors.crewUserIds ? `${id}-crewUserIds-error` : undefined}>
        <legend className={label}>Crew</legend>
        <CrewCheckboxes crew={crew} field={register('crewUserIds')} empty="No crew members yet. Invite them on the Crew page first." />
        {error('crewUserIds')}
      </fieldset>
      <div>
        <label htmlFor={`${id}-checklist`} className={label}>
          Checklist (one item a line)
        </label>
        <textarea id={`${id}-checklist`} rows={4} {...register('checklist')} {...described('checklist')} className={inputClass} />
        {error('checklist')}
      </div>
      <div className="lg:col-span-2">
        <label htmlFor={`${id}-instructions`} className={label}>
          Instructions for the crew (optional)
        </label>
        <textarea
          id={`${id}-instructions`}
          rows={2}
          {...register('instructions')}
          {...described('instructions')}
          placeholder="For example: gate code 4417; the manager asked for the back lot first"
          className={inputClass}
        />
        {error('instructions')}
      </div>
      <div className="flex flex-wrap items-center gap-3 lg:col-span-2">
        <button type="submit" disabled={formState.isSubmitting} className={buttonClass()}>
          {formState.isSubmitting ? 'Adding...' : 'Add visit'}
        </button>
        <button type="button" onClick={onCancel} className={buttonClass({ variant: 'ghost' })}>
          Cancel
        </button>
        <FormError>{serverError}</FormError>
      </div>
    </form>
  );
}
