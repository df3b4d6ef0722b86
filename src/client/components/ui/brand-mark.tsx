import { companyName } from '../../../shared/company-name';

/** The company's mark: a lake wave over a clean lot line. */
export function BrandMark({ className = 'size-9' }: { className?: string }) {
  return (
    <svg viewBox="0 0 40 40" className={className} aria-hidden="true">
      <rect width="40" height="40" rx="10" className="fill-brand-700 dark:fill-brand-500" />
      <path d="M7 17c4-4 8-4 13 0s9 4 13 0" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
      <path d="M9 27h22" stroke="#7ee2b8" strokeWidth="3" strokeLinecap="round" />
      <path d="M14 31h12" stroke="#fff" strokeWidth="2" strokeLinecap="round" opacity=".7" />
    </svg>
  );
}

export function BrandName({ className }: { className?: string }) {
  return (
    <span className={className}>
      <span className="block text-base font-bold leading-tight tracking-tight text-slate-900 dark:text-white">{companyName}</span>
      <span className="hidden text-xs leading-tight text-slate-500 sm:block dark:text-slate-400">Milwaukee &amp; Waukesha counties</span>
    </span>
  );
}
