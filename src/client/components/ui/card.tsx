import type { ComponentProps, ElementType, ReactNode } from 'react';
import { cardClass } from './card-class';

export { cardClass, cardSurface } from './card-class';

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
