import { estimateChangesSchema, estimateDeclineSchema } from '../../../../shared/api/estimates';
import { buttonClass } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { TextAreaField } from '../../../components/ui/text-field';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useDeclineEstimate, useRequestChanges } from '../api/respond';

interface Props {
  token: string;
  version: string | null;
  onDone: () => void;
}

/** "Request changes": what to change, in the prospect's words; staff are e-mailed at once. */
function RequestChangesForm({ token, version, onDone }: Props) {
  const send = useRequestChanges(token, version);
  const form = useSchemaForm(estimateChangesSchema, { message: '' }, async (values) => {
    await send.mutateAsync(values);
    onDone();
  });
  return (
    <form onSubmit={form.submit} noValidate className="space-y-3">
      <TextAreaField
        label="What would you like us to change?"
        hint="For example another day of the week, a property to add, or a service to leave out."
        rows={4}
        error={form.formState.errors.message?.message}
        {...form.register('message')}
      />
      <FormError>{form.serverError}</FormError>
      <button type="submit" disabled={form.formState.isSubmitting} className={buttonClass({ className: 'w-full' })}>
        {form.formState.isSubmitting ? 'Sending…' : 'Send my changes'}
      </button>
    </form>
  );
}

/** "Decline": an optional reason; the page then shows the declined estimate. */
function DeclineForm({ token, version, onDone }: Props) {
  const send = useDeclineEstimate(token, version);
  const form = useSchemaForm(estimateDeclineSchema, { reason: '' }, async (values) => {
    await send.mutateAsync(values.reason ? values : {});
    onDone();
  });
  return (
    <form onSubmit={form.submit} noValidate className="space-y-3">
      <TextAreaField
        label="Why are you declining? (optional)"
        hint="It helps us quote better next time."
        rows={3}
        error={form.formState.errors.reason?.message}
        {...form.register('reason')}
      />
      <FormError>{form.serverError}</FormError>
      <button type="submit" disabled={form.formState.isSubmitting} className={buttonClass({ variant: 'secondary', className: 'w-full' })}>
        {form.formState.isSubmitting ? 'Sending…' : 'Decline this estimate'}
      </button>
    </form>
  );
}

/** The small form a secondary answer opens, loaded when first opened (most prospects never need it). */
export default function RespondForm({ kind, ...props }: Props & { kind: 'changes' | 'decline' }) {
  return kind === 'changes' ? <RequestChangesForm {...props} /> : <DeclineForm {...props} />;
}
