import type { ReactNode } from 'react';
import { PortalHeader } from '../../../components/layout/portal-header';
import { cardClass } from '../../../components/ui/card';

/** The centred card the sign-in screens share. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="min-h-screen bg-slate-50 dark:bg-slate-950">
      <PortalHeader />
      <main className="flex justify-center px-4 py-16">
        <div className={cardClass({ padding: 'p-8', className: 'w-full max-w-md shadow-sm' })}>
          <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{title}</h1>
          <div className="mt-6">{children}</div>
        </div>
      </main>
    </div>
  );
}
