import type { UseFormRegisterReturn } from 'react-hook-form';
import type { Person } from '../../../../shared/api/common';

/** The crew members as checkboxes, two columns from a tablet up; a hint when there are none yet. */
export function CrewCheckboxes({ crew, field, empty }: { crew: Person[]; field: UseFormRegisterReturn; empty: string }) {
  if (crew.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">{empty}</p>;
  return (
    <div className="grid gap-2 sm:grid-cols-2">
      {crew.map((member) => (
        <label
          key={member.id}
          className="flex min-h-11 items-center gap-2 rounded-lg border border-slate-200 px-3 text-sm dark:border-slate-700"
        >
          <input type="checkbox" value={member.id} {...field} className="size-4 accent-brand-700" />
          <span className="text-slate-900 dark:text-slate-100">{member.name}</span>
        </label>
      ))}
    </div>
  );
}
