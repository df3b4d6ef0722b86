import { Clock, Mail, Phone, ShieldCheck } from 'lucide-react';
import { businessHours, company } from '../../../../shared/company';

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
        <li className="flex gap-4">
          <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-brand-800 dark:bg-brand-950 dark:text-brand-300">
            <Phone className="size-5" aria-hidden="true" />
          </span>
          <span>
            <span className="block text-sm text-slate-600 dark:text-slate-400">Call us</span>
            <a href={company.phone.href} className="font-semibold text-slate-900 hover:underline dark:text-white">
              {company.phone.display}
            </a>
          </span>
        </li>
        <li className="flex gap-4">
          <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-brand-800 dark:bg-brand-950 dark:text-brand-300">
            <Mail className="size-5" aria-hidden="true" />
          </span>
          <span>
            <span className="block text-sm text-slate-600 dark:text-slate-400">Email us</span>
            <a href={`mailto:${company.supportEmail}`} className="break-all font-semibold text-slate-900 hover:underline dark:text-white">
              {company.supportEmail}
            </a>
          </span>
        </li>
        <li className="flex gap-4">
          <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-brand-800 dark:bg-brand-950 dark:text-brand-300">
            <Clock className="size-5" aria-hidden="true" />
          </span>
          <span className="text-slate-700 dark:text-slate-300">
            <span className="block text-sm text-slate-600 dark:text-slate-400">Office hours</span>
            {businessHours.map((row) => `${row.days} ${row.display}`).join(' · ')}
          </span>
        </li>
        <li className="flex gap-4">
          <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300">
            <ShieldCheck className="size-5" aria-hidden="true" />
          </span>
          <span className="text-slate-700 dark:text-slate-300">
            <span className="block text-sm text-slate-600 dark:text-slate-400">Our promise</span>
            Licensed, bonded and insured, with a satisfaction guarantee on every visit.
          </span>
        </li>
      </ul>
    </div>
  );
}
