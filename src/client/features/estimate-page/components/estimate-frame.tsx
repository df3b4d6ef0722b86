import { Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { company } from '../../../../shared/company';
import { PortalHeader } from '../../../components/layout/portal-header';

/** The page around an estimate: the company's header with its phone, and a footer saying who to ask. */
export function EstimateFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50 dark:bg-slate-950">
      <PortalHeader>
        <a
          href={company.phone.href}
          className="inline-flex h-10 items-center gap-2 rounded-lg px-3 text-sm font-semibold text-brand-800 hover:bg-brand-50 dark:text-brand-300 dark:hover:bg-slate-800"
        >
          <Phone className="size-4" aria-hidden="true" />
          {company.phone.display}
        </a>
      </PortalHeader>
      <main className="container-page flex-1 py-6 sm:py-10">{children}</main>
      <footer className="border-t border-slate-200 bg-white py-6 text-sm text-slate-600 dark:border-slate-800 dark:bg-slate-950 dark:text-slate-400">
        <div className="container-page flex flex-col gap-1 sm:flex-row sm:justify-between">
          <p>
            {company.name} · {company.legalNote}
          </p>
          <p>
            Questions about this estimate? Call {company.phone.display} or write to{' '}
            <a className="font-medium text-brand-800 underline dark:text-brand-300" href={`mailto:${company.supportEmail}`}>
              {company.supportEmail}
            </a>
            .
          </p>
        </div>
      </footer>
    </div>
  );
}
