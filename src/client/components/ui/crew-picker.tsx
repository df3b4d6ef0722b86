import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { displayName } from '../../../shared/display-name';

/** A crew member as the picker lists them: with a name ready, or with the parts of one. */
export type CrewChoice = { id: string; name: string } | { id: string; email: string; firstName: string | null; lastName: string | null };

/** The crew as a query gives it (useCrewMembers): loading, failed, or here. */
interface CrewQuery {
  isPending: boolean;
  isError: boolean;
  data?: readonly CrewChoice[];
}

const nameOf = (member: CrewChoice) => ('name' in member ? member.name : displayName(member));

const isQuery = (crew: readonly CrewChoice[] | CrewQuery): crew is CrewQuery => !Array.isArray(crew);

const quiet = 'text-sm text-slate-600 dark:text-slate-400';

const LAYOUTS = {
  /** Bordered boxes, two columns from a tablet up. */
  boxes: {
    list: 'grid gap-2 sm:grid-cols-2',
    item: 'flex min-h-11 items-center gap-2 rounded-lg border border-slate-200 px-3 text-sm dark:border-slate-700',
    check: 'size-4 accent-brand-700',
    name: 'text-slate-900 dark:text-slate-100',
  },
  /** Checkboxes in a row that wraps. */
  inline: {
    list: 'flex flex-wrap gap-x-5 gap-y-1',
    item: 'inline-flex min-h-11 items-center gap-2 text-sm text-slate-800 dark:text-slate-200',
    check: 'size-5 rounded border-slate-400 accent-brand-700 dark:accent-brand-400',
    name: undefined,
  },
} as const;

export type CrewPickerProps = {
  /** The crew members, or the query that loads them (its loading and failure are said in the picker's place). */
  crew: readonly CrewChoice[] | CrewQuery;
  /** What is said when there is no crew member yet (nothing when not given). */
  empty?: ReactNode;
  layout?: keyof typeof LAYOUTS;
} & (
  | { /** react-hook-form's `register('crewUserIds')`. */ field: UseFormRegisterReturn; value?: never; onChange?: never }
  | { field?: never; value: readonly string[]; onChange: (next: string[]) => void }
);

/**
 * The crew members as checkboxes, to assign work to: registered with react-hook-form (`field`)
 * or controlled (`value`, `onChange`). Put it in a Fieldset for its legend and error.
 */
export function CrewPicker({ crew, empty, layout = 'boxes', field, value, onChange }: CrewPickerProps) {
  if (isQuery(crew)) {
    if (crew.isPending) return <p className={quiet}>Loading the crew…</p>;
    if (crew.isError || !crew.data)
      return (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          Could not load the crew. Refresh the page to try again.
        </p>
      );
  }
  const members = isQuery(crew) ? (crew.data ?? []) : crew;
  if (members.length === 0) return empty ? <p className={quiet}>{empty}</p> : null;
  const look = LAYOUTS[layout];
  return (
    <div className={look.list}>
      {members.map((member) => {
        const control = field
          ? { value: member.id, ...field }
          : {
              checked: value.includes(member.id),
              onChange: () => onChange(value.includes(member.id) ? value.filter((id) => id !== member.id) : [...value, member.id]),
            };
        return (
          <label key={member.id} className={look.item}>
            <input type="checkbox" {...control} className={look.check} />
            {look.name ? <span className={look.name}>{nameOf(member)}</span> : nameOf(member)}
          </label>
        );
      })}
    </div>
  );
}
