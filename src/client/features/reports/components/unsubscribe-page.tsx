import { useMutation } from '@tanstack/react-query';
import { MailX } from 'lucide-react';
import { useEffect } from 'react';
import { useSearch } from 'wouter';
import { company } from '../../../../shared/company';
import { buttonClass } from '../../../components/ui/button';
import { PortalHeader } from '../../../components/layout/portal-header';
import { readableError, sendJson } from '../../../lib/api-client';
import { cardClass } from '../../../components/ui/card';

/**
 * /unsubscribe?token=…: where a report e-mail's "Stop report e-mails" link leads. Nothing changes
 * until the button is pressed (mail scanners open links); then only the report e-mails stop.
 */
export default function UnsubscribePage() {
  const token = new URLSearchParams(useSearch()).get('token');
  const stop = useMutation({
    mutationFn: () => sendJson<{ email: string }>('POST', `/api/reports/unsubscribe?token=${encodeURIComponent(token ?? '')}`),
  });
  useEffect(() => {
    document.title = `Stop report e-mails | ${company.name}`;
  }, []);

  let body;
  if (!token)
    body = (
      <p className="mt-3 text-slate-700 dark:text-slate-300">This link is not complete. Use the link at the foot of a report e-mail.</p>
    );
  else if (stop.isSuccess)
    body = (
      <>
        <p role="status" className="mt-3 text-slate-700 dark:text-slate-300">
          Done. Service reports will no longer be e-mailed to {stop.data.email}.
        </p>
        <p className="mt-3 text-slate-700 dark:text-slate-300">
          Every visit is still in the portal. To have reports again, choose how often under{' '}
          <a href="/customer-dashboard/account" className="font-semibold text-brand-700 hover:underline dark:text-brand-300">
            Account Settings
          </a>
          .
        </p>
      </>
    );
  else
    body = (
      <>
        <p className="mt-3 text-slate-700 dark:text-slate-300">
          We will stop e-mailing you service reports and site-issue alerts. Your portal, with every visit and its photos, stays as it is.
        </p>
        {stop.isError ? (
          <p role="alert" className="mt-4 text-red-700 dark:text-red-400">
            {readableError(stop.error)}
          </p>
        ) : null}
        <button type="button" onClick={() => stop.mutate()} disabled={stop.isPending} className={buttonClass({ className: 'mt-6' })}>
          {stop.isPending ? 'Stopping...' : 'Stop report e-mails'}
        </button>
      </>
    );

  return (
    <div className="min-h-screen bg-slate-50 dark:bg-slate-950">
      <PortalHeader />
      <main className="px-4 py-16">
        <div className={cardClass({ padding: 'p-8', className: 'mx-auto max-w-lg' })}>
          <MailX className="size-8 text-brand-700 dark:text-brand-300" aria-hidden="true" />
          <h1 className="mt-4 text-2xl font-bold text-slate-900 dark:text-white">Stop report e-mails</h1>
          {body}
        </div>
      </main>
    </div>
  );
}
