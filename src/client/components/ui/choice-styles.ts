/** A radio button or checkbox in the console's forms (the plan form, the recurrence, an estimate's lines). */
export const checkClass = 'size-5 rounded border-slate-400 accent-brand-700 dark:accent-brand-400';
/** A radio button or checkbox with its words beside it. */
export const choiceClass = 'inline-flex min-h-11 items-center gap-2 text-sm text-slate-800 dark:text-slate-200';
