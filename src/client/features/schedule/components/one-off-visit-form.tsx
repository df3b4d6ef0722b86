import { z } from 'zod/mini';
import { CHOOSE_A_DATE, type Person } from '../../../../shared/api/common';
import { DEFAULT_CHECKLIST, type OneOffVisitInput } from '../../../../shared/api/schedule';
import { buttonClass } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { TextAreaField, TextField } from '../../../components/ui/text-field';
import { CrewPicker } from '../../../components/ui/crew-picker';
import { Fieldset } from '../../../components/ui/fieldset';
import { Select } from '../../../components/ui/select';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useCreateVisit } from '../api/create-visit';
import { useVisitProperties } from '../api/get-visit-properties';
import { shortWeekdayDateText } from '../../../../shared/date-formats';

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
      onDone(`One-off visit to ${property?.name ?? 'the property'} added on ${shortWeekdayDateText(values.date)}.`);
    },
  );
  const { errors } = formState;

  return (
    <form onSubmit={submit} noValidate className="grid gap-4 lg:grid-cols-2">
      <Select label="Property" {...register('propertyId')} error={errors.propertyId?.message}>
        <option value="">{properties.isPending ? 'Loading properties...' : 'Choose a property'}</option>
        {properties.data?.map((property) => (
          <option key={property.id} value={property.id}>
            {property.name}, {property.city} ({property.customerName})
          </option>
        ))}
      </Select>
      <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)] gap-3">
        <TextField label="Date" type="date" {...register('date')} error={errors.date?.message} />
        <TextField label="From (optional)" type="time" {...register('windowFrom')} />
        <TextField label="To (optional)" type="time" {...register('windowTo')} />
      </div>
      <Fieldset legend="Crew" error={errors.crewUserIds?.message}>
        <CrewPicker crew={crew} field={register('crewUserIds')} empty="No crew members yet. Invite them on the Crew page first." />
      </Fieldset>
      <TextAreaField label="Checklist (one item a line)" rows={4} {...register('checklist')} error={errors.checklist?.message} />
      <TextAreaField
        label="Instructions for the crew (optional)"
        className="lg:col-span-2"
        rows={2}
        {...register('instructions')}
        error={errors.instructions?.message}
        placeholder="For example: gate code 4417; the manager asked for the back lot first"
      />
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
