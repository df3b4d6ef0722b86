import type { ComponentProps, ElementType, ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** A card's surface: rounded, bordered, white on light and slate on dark. Padding and width are the caller's. */
export const cardSurface = 'rounded-2xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900';

/** The usual card: its surface with room inside (p-6 unless `padding` says otherwise). */
export const cardClass = ({ padding = 'p-6', className }: { padding?: string; className?: string } = {}) =>
  cn(cardSurface, padding, className);

type CardProps<As extends ElementType> = {
  /** The element it is: a section (the default), a div, an article, a list item. */
  as?: As;
  padding?: string;
  className?: string;
  children?: ReactNode;
} & Omit<ComponentProps<As>, 'as' | 'className' | 'children'>;

/** A card: `<Card aria-labelledby={titleId}>…</Card>`, or `as="div"` where it is no region of its own. */
export function Card<As extends ElementType = 'section'>({ as, padding, className, children, ...props }: CardProps<As>) {
  const Element: ElementType = as ?? 'section';
  return (
    <Element className={cardClass({ padding, className })} {...props}>
      {children}
    </Element>
  );
}
