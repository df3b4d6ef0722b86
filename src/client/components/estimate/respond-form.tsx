import type { UseFormRegisterReturn } from 'react-hook-form';
import { estimateChangesSchema, estimateDeclineSchema } from '../../../shared/api/estimate-responses';
import type { EstimateAnswers } from '../../api/estimate-answers';
import { buttonClass } from '../ui/button';
import { FormError } from '../ui/form-error';
import { TextAreaField } from '../ui/text-field';
import { useSchemaForm } from '../../lib/use-schema-form';

interface Props {
  answers: EstimateAnswers;
  onDone: () => void;
}

/** What both answers are: one message in the customer's words, its error, and the button to send it. */
interface MessageFormProps {
  onSubmit: () => void;
  field: UseFormRegisterReturn;
  text: { label: string; hint: string; send: string };
  error: string | undefined;
  serverError: string | undefined;
  sending: boolean;
  primary: boolean;
}

function MessageForm({ onSubmit, field, text, error, serverError, sending, primary }: MessageFormProps) {
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3">
      <TextAreaField label={text.label} hint={text.hint} rows={4} error={error} {...field} />
      <FormError>{serverError}</FormError>
      <button type="submit" disabled={sending} className={buttonClass({ variant: primary ? 'primary' : 'secondary', className: 'w-full' })}>
        {sending ? 'Sending…' : text.send}
      </button>
    </form>
  );
}

const CHANGES_TEXT = {
  label: 'What would you like us to change?',
  hint: 'For example another day of the week, a property to add, or a service to leave out.',
  send: 'Send my changes',
};
const DECLINE_TEXT = {
  label: 'Why are you declining? (optional)',
  hint: 'It helps us quote better next time.',
  send: 'Decline this estimate',
};

/** "Request changes": what to change, in the customer's words; staff are e-mailed at once. */
function RequestChangesForm({ answers, onDone }: Props) {
  const form = useSchemaForm(estimateChangesSchema, { message: '' }, async (values) => {
    await answers.requestChanges(values);
    onDone();
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <MessageForm
      onSubmit={form.submit}
      field={form.register('message')}
      text={CHANGES_TEXT}
      error={errors.message?.message}
      serverError={form.serverError}
      sending={isSubmitting}
      primary
    />
  );
}

/** "Decline": an optional reason; the page then shows the declined estimate. */
function DeclineForm({ answers, onDone }: Props) {
  const form = useSchemaForm(estimateDeclineSchema, { reason: '' }, async (values) => {
    await answers.decline(values.reason ? values : {});
    onDone();
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <MessageForm
      onSubmit={form.submit}
      field={form.register('reason')}
      text={DECLINE_TEXT}
      error={errors.reason?.message}
      serverError={form.serverError}
      sending={isSubmitting}
      primary={false}
    />
  );
}

/** The small form a secondary answer opens, loaded when first opened (most customers never need it). */
export default function RespondForm({ kind, ...props }: Props & { kind: 'changes' | 'decline' }) {
  return kind === 'changes' ? <RequestChangesForm {...props} /> : <DeclineForm {...props} />;
}
