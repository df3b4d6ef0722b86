import { cn } from '../../lib/cn';
import { cardSurface } from './card-surface';

export { cardSurface };

/* The card's classes alone, without the Card component. */

/** The usual card: its surface with room inside (p-6 unless `padding` says otherwise). */
export const cardClass = ({ padding = 'p-6', className }: { padding?: string; className?: string } = {}) =>
  cn(cardSurface, padding, className);
