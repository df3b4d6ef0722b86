import type { ReactNode } from 'react';

export function SectionHeading({ eyebrow, title, children, id }: { eyebrow: string; title: string; children?: ReactNode; id: string }) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className="text-sm font-semibold uppercase tracking-wider text-leaf-700 dark:text-emerald-400">{eyebrow}</p>
      <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
        {title}
      </h2>
      {children ? <p className="mt-4 text-lg text-slate-600 dark:text-slate-400">{children}</p> : null}
    </div>
  );
}
