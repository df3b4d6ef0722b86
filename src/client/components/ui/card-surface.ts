/* Its own module: the notice card, in every entry's first load, needs this string and nothing else of the card. */

/** A card's surface: rounded, bordered, white on light and slate on dark. Padding and width are the caller's. */
export const cardSurface = 'rounded-2xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900';
