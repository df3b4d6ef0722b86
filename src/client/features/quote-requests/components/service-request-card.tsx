import type { StandardSchemaV1 } from '@standard-schema/spec';
import { CalendarPlus, Mail } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import {
  serviceRequestStatusUpdateSchema,
  serviceRequestVisitSchema,
  type ServiceRequest,
  type ServiceRequestStatusUpdate,
  type ServiceRequestVisitInput,
} from '../../../../shared/api/service-requests';
import { localToday } from '../../../../shared/local-dates';
import {
  SERVICE_REQUEST_KIND_LABELS,
  SERVICE_REQUEST_STATUS_LABELS,
  SERVICE_REQUEST_STATUSES,
  SERVICE_REQUEST_NOTE_MAX,
  isHazardReport,
  type ServiceRequestStatus,
} from '../../../../shared/service-requests';
import { useRoleMay } from '../../../api/get-auth-user';
import { useCrewMembers } from '../../../api/get-crew-members';
import { buttonClass } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { CrewPicker } from '../../../components/ui/crew-picker';
import { Fieldset } from '../../../components/ui/fieldset';
import { Select } from '../../../components/ui/select';
import { TextAreaField, TextField } from '../../../components/ui/text-field';
import { ServiceRequestStatusBadge } from '../../../components/service-request-status';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useScheduleServiceRequestVisit } from '../api/schedule-service-request-visit';
import { useUpdateServiceRequestStatus } from '../api/update-service-request-status';
import { UrgentBadge } from './quote-request-badges';
import { instantDateTimeText, shortWeekdayDateText } from '../../../../shared/date-formats';
import { cardClass } from '../../../components/ui/card';

const hintClass = 'mt-1 text-xs text-slate-600 dark:text-slate-400';

/** The crew of a visit made from a request. */
function VisitCrew(props: { legend: string; hint?: string; chosen: string[]; onChange: (next: string[]) => void; error?: string }) {
  const crew = useCrewMembers();
  return (
    <Fieldset legend={props.legend} hint={props.hint} error={props.error}>
      <CrewPicker crew={crew} layout="inline" value={props.chosen} onChange={props.onChange} />
    </Fieldset>
  );
}

/** Every field the status form may show; the schema keeps those of the status chosen. */
interface StatusFormValues {
  status: ServiceRequestStatus;
  scheduledDate: string;
  crewUserIds: string[];
  reply: string;
}
const statusFormSchema = serviceRequestStatusUpdateSchema as unknown as StandardSchemaV1<StatusFormValues, ServiceRequestStatusUpdate>;

/**
 * Staff set a request's status, with a reply to the customer (required when declining): the date
 * when scheduled, which puts the request on that day's visit (made now, with the crew chosen, when
 * the property has none that day).
 */
function StatusForm({ request }: { request: ServiceRequest }) {
  const update = useUpdateServiceRequestStatus();
  const form = useSchemaForm<StatusFormValues, ServiceRequestStatusUpdate>(
    statusFormSchema,
    { status: request.status, scheduledDate: request.scheduledDate ?? '', crewUserIds: [], reply: '' },
    (values) => update.mutateAsync({ id: request.id, update: values }),
  );
  const status = form.watch('status');
  const chosen = form.watch('crewUserIds');
  const errors = form.formState.errors;
  return (
    <form
      onSubmit={form.submit}
      noValidate
      className="grid gap-3 sm:grid-cols-[auto_1fr] sm:items-start"
      // Unique per card, so several requests in the inbox are told apart (each form is a landmark).
      aria-label={`Change the status of the ${SERVICE_REQUEST_KIND_LABELS[request.kind].toLowerCase()} sent ${instantDateTimeText(request.createdAt)} for ${request.propertyName}`}
    >
      <Select label="Status" id={`status-${request.id}`} {...form.register('status')}>
        {SERVICE_REQUEST_STATUSES.map((value) => (
          <option key={value} value={value}>
            {SERVICE_REQUEST_STATUS_LABELS[value]}
          </option>
        ))}
      </Select>
      <div className="grid gap-3">
        {status === 'scheduled' ? (
          <>
            <div>
              <TextField
                label="Date of the work"
                type="date"
                min={localToday()}
                {...form.register('scheduledDate')}
                error={errors.scheduledDate?.message}
              />
              <p className={hintClass}>The request goes on the property’s visit that day; when it has none, a one-off visit is added.</p>
            </div>
            {request.visitId ? null : (
              <VisitCrew
                legend="Crew for an added visit"
                hint="Leave empty to assign the crew later in the schedule."
                chosen={chosen}
                onChange={(next) => form.setValue('crewUserIds', next, { shouldValidate: form.formState.isSubmitted })}
                error={errors.crewUserIds?.message}
              />
            )}
          </>
        ) : null}
        <div>
          <TextAreaField
            label={status === 'declined' ? 'Reply to the customer' : 'Reply to the customer (optional)'}
            rows={3}
            maxLength={SERVICE_REQUEST_NOTE_MAX}
            error={errors.reply?.message}
            {...form.register('reply')}
          />
          <p className={hintClass}>Sent in the e-mail and shown on the request in the portal.</p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" disabled={form.formState.isSubmitting} className={buttonClass({ size: 'sm' })}>
            <Mail className="size-4" aria-hidden="true" />
            Save and tell the customer
          </button>
          <FormError>{form.serverError}</FormError>
        </div>
      </div>
    </form>
  );
}

/** "Turn into a visit": a one-off visit on a day (the first preferred date to begin with) with its crew. */
function VisitForm({ request, onDone }: { request: ServiceRequest; onDone: () => void }) {
  const schedule = useScheduleServiceRequestVisit();
  const first = request.preferredDates.find((date) => date >= localToday()) ?? localToday();
  const form = useSchemaForm<ServiceRequestVisitInput, ServiceRequestVisitInput>(
    serviceRequestVisitSchema,
    { date: first, crewUserIds: [] },
    async (visit) => {
      await schedule.mutateAsync({ id: request.id, visit });
      onDone();
    },
  );
  const chosen = form.watch('crewUserIds') ?? [];
  const errors = form.formState.errors;
  return (
    <form
      onSubmit={form.submit}
      noValidate
      aria-label="Turn into a visit"
      className="mt-3 grid gap-3 rounded-xl border border-slate-200 p-4 dark:border-slate-700"
    >
      <TextField label="Visit date" type="date" min={localToday()} {...form.register('date')} error={errors.date?.message} />
      <VisitCrew
        legend="Crew"
        chosen={chosen}
        onChange={(next) => form.setValue('crewUserIds', next, { shouldValidate: form.formState.isSubmitted })}
        error={errors.crewUserIds?.message}
      />
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={form.formState.isSubmitting} className={buttonClass({ size: 'sm' })}>
          <CalendarPlus className="size-4" aria-hidden="true" />
          Add the visit and schedule the request
        </button>
        <FormError>{form.serverError}</FormError>
      </div>
    </form>
  );
}

/** One customer request in the inbox: its type, customer and property, what they asked, and what staff can do with it. */
export function ServiceRequestCard({ request }: { request: ServiceRequest }) {
  const mayUpdate = useRoleMay('update', 'serviceRequest');
  const [visitOpen, setVisitOpen] = useState(false);
  return (
    <li data-service-request={request.id} className={cardClass({ padding: 'p-5' })}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold text-slate-900 dark:text-white">
            {SERVICE_REQUEST_KIND_LABELS[request.kind]}: {request.propertyName}
          </h2>
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
            <Link href={`/admin/customers/${request.customerId}`} className="text-brand-700 hover:underline dark:text-brand-300">
              {request.customerName}
            </Link>
            {' · '}
            <Link href={`/admin/properties/${request.propertyId}`} className="text-brand-700 hover:underline dark:text-brand-300">
              {request.propertyName}
            </Link>
            {request.requestedBy ? (
              <>
                {' · from '}
                <a href={`mailto:${request.requestedBy.email}`} className="break-all text-brand-700 hover:underline dark:text-brand-300">
                  {request.requestedBy.name}
                </a>
              </>
            ) : null}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {isHazardReport(request) ? <UrgentBadge waiting={request.status === 'received'} /> : null}
          <ServiceRequestStatusBadge request={request} />
        </div>
      </div>
      <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
        Sent <time dateTime={request.createdAt}>{instantDateTimeText(request.createdAt)}</time>
        {request.preferredDates.length
          ? ` · Preferred: ${request.preferredDates.map((date) => shortWeekdayDateText(date)).join(', ')}`
          : ''}
      </p>
      {request.note ? <p className="mt-3 whitespace-pre-wrap text-slate-800 dark:text-slate-200">{request.note}</p> : null}
      {request.photos.length ? (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label="Photos">
          {request.photos.map((photo, index) => (
            <li key={photo.id}>
              <a href={photo.imageUrl} target="_blank" rel="noreferrer">
                <img
                  src={photo.imageUrl}
                  srcSet={photo.srcSet}
                  sizes="112px"
                  alt={`Photo ${index + 1} of the problem`}
                  width={112}
                  height={Math.round((112 * photo.height) / photo.width)}
                  className="size-28 rounded-lg object-cover"
                  loading="lazy"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {request.reply ? (
        <p className="mt-3 text-sm whitespace-pre-wrap text-slate-700 dark:text-slate-300">
          <span className="font-semibold">Reply sent:</span> {request.reply}
        </p>
      ) : null}
      {mayUpdate ? (
        <div className="mt-4 border-t border-slate-200 pt-4 dark:border-slate-800">
          <StatusForm key={`${request.status}-${request.updatedAt}`} request={request} />
          {request.visitId ? (
            <p className="mt-3 text-sm">
              <Link href={`/admin/visits/${request.visitId}`} className="text-brand-700 hover:underline dark:text-brand-300">
                Open the visit made from this request
              </Link>
            </p>
          ) : (
            <>
              <button
                type="button"
                aria-expanded={visitOpen}
                onClick={() => setVisitOpen((open) => !open)}
                className={buttonClass({ variant: 'secondary', size: 'sm', className: 'mt-3' })}
              >
                <CalendarPlus className="size-4" aria-hidden="true" />
                Turn into a visit
              </button>
              {visitOpen ? <VisitForm request={request} onDone={() => setVisitOpen(false)} /> : null}
            </>
          )}
        </div>
      ) : null}
    </li>
  );
}
