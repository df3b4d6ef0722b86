import { Clock, Mail, Phone, ShieldCheck, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { businessHours, company } from '../../../../shared/company';
import { cn } from '../../../lib/cn';

const linkClass = 'font-semibold text-slate-900 hover:underline dark:text-white';

const items: Array<{ icon: LucideIcon; label: string; content: ReactNode; tone?: 'brand' | 'leaf' }> = [
  {
    icon: Phone,
    label: 'Call us',
    content: (
      <a href={company.phone.href} className={linkClass}>
        {company.phone.display}
      </a>
    ),
  },
  {
    icon: Mail,
    label: 'Email us',
    content: (
      <a href={`mailto:${company.supportEmail}`} className={cn(linkClass, 'break-all')}>
        {company.supportEmail}
      </a>
    ),
  },
  { icon: Clock, label: 'Office hours', content: businessHours.map((row) => `${row.days} ${row.display}`).join(' · ') },
  {
    icon: ShieldCheck,
    label: 'Our promise',
    content: 'Licensed, bonded and insured, with a satisfaction guarantee on every visit.',
    tone: 'leaf',
  },
];

/** The column beside the quote form: other ways to reach us, and what to expect. */
export function ContactDetails() {
  return (
    <div>
      <p className="text-sm font-semibold uppercase tracking-wider text-leaf-700 dark:text-emerald-400">Free, no-obligation quote</p>
      <h2 id="contact-title" className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
        Get In Touch
      </h2>
      <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">
        Tell us about your property and we will call you within 24 hours to set up a free on-site assessment.
      </p>
      <ul className="mt-8 grid gap-5">
        {items.map(({ icon: Icon, label, content, tone }) => (
          <li key={label} className="flex gap-4">
            <span
              className={cn(
                'inline-flex size-11 shrink-0 items-center justify-center rounded-xl',
                tone === 'leaf'
                  ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300'
                  : 'bg-brand-100 text-brand-800 dark:bg-brand-950 dark:text-brand-300',
              )}
            >
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <span className="text-slate-700 dark:text-slate-300">
              <span className="block text-sm text-slate-600 dark:text-slate-400">{label}</span>
              {content}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
