/** The crew phone's field look: large type for gloved hands in a parking lot, on the UI kit's Field. */
export const crewField = {
  labelClassName: 'block text-base font-bold text-slate-950 dark:text-white',
  errorClassName: 'mt-1 text-base font-semibold text-red-700 dark:text-red-300',
};

export const crewControlClass =
  'mt-1 block w-full rounded-lg border-2 border-slate-400 bg-white px-3 text-lg text-slate-950 dark:border-slate-500 dark:bg-slate-950 dark:text-white';
