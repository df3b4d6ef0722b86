import { useId, useState } from 'react';
import { REPORT_FREQUENCIES, REPORT_FREQUENCY_LABELS, type ReportFrequency } from '../../../../shared/reports';
import { buttonClass } from '../../../components/ui/button';
import { readableError } from '../../../lib/api-client';
import { useReportEmails, useSaveReportEmails } from '../api/report-emails';
import { cardClass } from '../../../components/ui/card';

const DESCRIPTIONS: Record<ReportFrequency, string> = {
  every_visit: 'A short report after each visit: the times, the checklist, and a before and after photo.',
  weekly: 'One e-mail on Monday morning with last week’s visits at all your properties.',
  none: 'No report e-mails. Hazards and damage our crews find are not e-mailed either; the portal still shows every visit.',
};

/** Account Settings: how often service reports are e-mailed to this user, at their own address. */
export function ReportEmailsSettings({ email }: { email: string }) {
  const current = useReportEmails();
  const save = useSaveReportEmails();
  // The person's pick, until they make one the stored choice is shown.
  const [picked, setChoice] = useState<ReportFrequency | null>(null);
  const choice = picked ?? current.data?.frequency ?? null;
  const [saved, setSaved] = useState(false);
  const name = useId();

  return (
    <form
      className={cardClass({ className: 'max-w-2xl' })}
      onSubmit={(event) => {
        event.preventDefault();
        if (!choice) return;
        setSaved(false);
        save.mutate({ frequency: choice }, { onSuccess: () => setSaved(true) });
      }}
    >
      <fieldset>
        <legend className="text-lg font-semibold text-slate-900 dark:text-white">Service report e-mails</legend>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Report e-mails go to <span className="font-medium text-slate-900 dark:text-white">{email}</span>, the address you sign in with.
          Each person on your account chooses their own.
        </p>
        {current.isPending ? (
          <p className="mt-3 text-slate-600 dark:text-slate-400">Loading...</p>
        ) : current.isError ? (
          <p role="alert" className="mt-3 text-red-700 dark:text-red-400">
            Your choice could not be loaded. Please try again later.
          </p>
        ) : (
          <div className="mt-4 space-y-3">
            {REPORT_FREQUENCIES.map((frequency) => (
              <label
                key={frequency}
                className="flex cursor-pointer gap-3 rounded-xl border border-slate-200 p-3 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50 dark:border-slate-700 dark:has-[:checked]:border-brand-400 dark:has-[:checked]:bg-brand-950/50"
              >
                <input
                  type="radio"
                  name={name}
                  value={frequency}
                  checked={choice === frequency}
                  onChange={() => {
                    setChoice(frequency);
                    setSaved(false);
                  }}
                  className="mt-1 size-4 accent-brand-700"
                />
                <span>
                  <span className="block font-medium text-slate-900 dark:text-white">{REPORT_FREQUENCY_LABELS[frequency]}</span>
                  <span className="block text-sm text-slate-600 dark:text-slate-400">{DESCRIPTIONS[frequency]}</span>
                </span>
              </label>
            ))}
          </div>
        )}
      </fieldset>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <button type="submit" disabled={!choice || save.isPending} className={buttonClass({ size: 'sm' })}>
          {save.isPending ? 'Saving...' : 'Save'}
        </button>
        <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
          {saved && choice ? `Saved. ${REPORT_FREQUENCY_LABELS[choice]}.` : ''}
        </p>
        {save.isError ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {readableError(save.error)}
          </p>
        ) : null}
      </div>
    </form>
  );
}
