import { cn } from '../../lib/cn';

type Variant = 'primary' | 'secondary' | 'ghost' | 'onDark' | 'outlineOnDark';
type Size = 'sm' | 'md' | 'lg';

const variants: Record<Variant, string> = {
  primary: 'bg-brand-700 text-white shadow-sm hover:bg-brand-800 dark:bg-brand-500 dark:text-slate-950 dark:hover:bg-brand-400',
  secondary:
    'border border-slate-300 bg-white text-slate-900 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800',
  ghost: 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
  onDark: 'bg-white text-brand-900 shadow-sm hover:bg-brand-50',
  outlineOnDark: 'border border-white/50 text-white hover:bg-white/10',
};

const sizes: Record<Size, string> = {
  sm: 'h-9 px-3 text-sm',
  md: 'h-11 px-5 text-sm',
  lg: 'h-12 px-6 text-base',
};

/**
 * Class names for a button or a link styled as one; native elements do the rest.
 * `className` adds layout (margins, width) only: it must not restyle display or colour,
 * which the variant owns.
 */
export function buttonClass({ variant = 'primary', size = 'md', className }: { variant?: Variant; size?: Size; className?: string } = {}) {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60',
    variants[variant],
    sizes[size],
    className,
  );
}

/** A header action on a narrow phone (420 px and less): its word under its icon, smaller, so a row of them fits beside the brand. */
export const STACKED_ON_NARROW_PHONE =
  'max-[420px]:h-auto max-[420px]:flex-col max-[420px]:gap-0.5 max-[420px]:px-1.5 max-[420px]:py-1 max-[420px]:text-xs';
