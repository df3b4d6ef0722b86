import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { Loader2 } from 'lucide-react';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { SERVICE_OPTIONS } from '../../../../shared/constants';
import {
  HONEYPOT_FIELD,
  quoteRequestInputSchema,
  type QuoteRequestInput,
  type QuoteRequestFormValues,
} from '../../../../shared/quote-request-schema';
import { buttonClass } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { useCreateQuoteRequest } from '../api/create-quote-request';
import { ConsentField } from './consent-field';
import { FieldError } from './field-error';
import { QuoteSubmitted } from './quote-submitted';

type FormValues = Omit<QuoteRequestFormValues, 'consent'> & { consent: boolean };

const emptyForm: FormValues = { name: '', phone: '', email: '', service: '' as FormValues['service'], message: '', consent: false };

const inputClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600 aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-950 dark:text-white dark:placeholder:text-slate-400 dark:aria-[invalid=true]:border-red-400';

function Field({
  id,
  label,
  required,
  error,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
        {required ? (
          <span className="text-red-700 dark:text-red-400" aria-hidden="true">
            {' '}
            *
          </span>
        ) : (
          <span className="font-normal text-slate-500 dark:text-slate-400"> (optional)</span>
        )}
      </label>
      {children}
      <FieldError id={id} error={error} />
    </div>
  );
}

/** The quote form (SPEC §2, §4, §5, §8). Hydrated as an island when the contact section comes near. */
export function ContactForm() {
  const [submitted, setSubmitted] = useState(false);
  const confirmationRef = useRef<HTMLHeadingElement>(null);
  const id = useId();
  const mutation = useCreateQuoteRequest();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<FormValues, unknown, QuoteRequestInput>({
    // The form holds raw input (an unticked box, an empty select); the schema turns it into a QuoteRequestInput.
    resolver: standardSchemaResolver(quoteRequestInputSchema) as Resolver<FormValues, unknown, QuoteRequestInput>,
    // No defaultValues on purpose: the form is server-rendered empty, and RHF then reads
    // the inputs themselves, so anything typed before hydration is kept.
    shouldFocusError: true,
  });

  const send = (values: QuoteRequestInput, honeypot: string) => {
    mutation.mutate(
      { ...values, [HONEYPOT_FIELD]: honeypot },
      {
        onSuccess: () => {
          reset(emptyForm);
          setSubmitted(true);
          toast({ title: 'Quote Request Submitted!', description: "We've received your request and will contact you within 24 hours" });
          requestAnimationFrame(() => confirmationRef.current?.focus());
        },
        onError: (error) => {
          toast({ variant: 'destructive', title: 'Error', description: `There was a problem sending your request. ${error.message}` });
        },
      },
    );
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const honeypot = new FormData(event.currentTarget).get(HONEYPOT_FIELD);
    return handleSubmit((values) => send(values, typeof honeypot === 'string' ? honeypot : ''))(event);
  };

  if (submitted) return <QuoteSubmitted ref={confirmationRef} onAnother={() => setSubmitted(false)} />;

  /** What every control needs: its id, its error wiring and its registration. */
  const control = (field: keyof FormValues) => ({
    id: `${id}-${field}`,
    'aria-invalid': !!errors[field],
    'aria-describedby': errors[field] ? `${id}-${field}-error` : undefined,
    className: inputClass,
    ...register(field),
  });
  const pending = mutation.isPending;

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Quote request" className="grid gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={`${id}-name`} label="Full Name" required error={errors.name?.message}>
          <input {...control('name')} type="text" autoComplete="name" placeholder="Jane Kowalski" aria-required="true" />
        </Field>
        <Field id={`${id}-phone`} label="Phone Number" error={errors.phone?.message}>
          <input {...control('phone')} type="tel" autoComplete="tel" placeholder="(414) 555-0123" />
        </Field>
      </div>
      <Field id={`${id}-email`} label="Email Address" required error={errors.email?.message}>
        <input {...control('email')} type="email" autoComplete="email" placeholder="jane@yourcompany.com" aria-required="true" />
      </Field>
      <Field id={`${id}-service`} label="Service Needed" required error={errors.service?.message}>
        <select {...control('service')} aria-required="true">
          <option value="">Select a service</option>
          {SERVICE_OPTIONS.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </Field>
      <Field id={`${id}-message`} label="Message" required error={errors.message?.message}>
        <textarea
          {...control('message')}
          rows={5}
          placeholder="Tell us about your property: the address or area, its size, and what needs cleaning."
          aria-required="true"
        />
      </Field>

      {/* Honeypot: hidden from people and assistive technology; bots that fill it are stored as spam. */}
      <div className="absolute -left-[10000px] h-px w-px overflow-hidden" aria-hidden="true">
        <label htmlFor={`${id}-${HONEYPOT_FIELD}`}>Leave this field empty</label>
        <input id={`${id}-${HONEYPOT_FIELD}`} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>

      <ConsentField id={`${id}-consent`} error={errors.consent?.message} control={control('consent')} />

      <button type="submit" disabled={pending} className={buttonClass({ size: 'lg', className: 'w-full' })}>
        {pending ? <Loader2 className="size-5 animate-spin" aria-hidden="true" /> : null}
        {pending ? 'Submitting...' : 'Submit Request'}
      </button>
      <p className="text-center text-xs text-slate-500 dark:text-slate-400">
        We use your details only to prepare your quote. We never sell or share them.
      </p>
    </form>
  );
}
