import { useState } from 'react';
import type { StaffMember } from '../../../../shared/api/staff';
import { STAFF_ROLES, type StaffRole } from '../../../../shared/policy';
import { useAuthUser } from '../../../api/get-auth-user';
import { buttonClass } from '../../../components/ui/button';
import { readableError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useChangeStaffMember, useStaff } from '../api/staff';

const ROLE_LABELS: Record<StaffRole, string> = { owner: 'Owner', office: 'Office', crew: 'Crew' };
const nameOf = (member: StaffMember) => [member.firstName, member.lastName].filter(Boolean).join(' ') || member.email;

function StaffRow({ member, isSelf }: { member: StaffMember; isSelf: boolean }) {
  const change = useChangeStaffMember();
  const [error, setError] = useState('');
  const act = (next: { role?: StaffRole; disabled?: boolean }) => {
    setError('');
    change.mutate({ id: member.id, change: next }, { onError: (failure) => setError(readableError(failure)) });
  };
  return (
    <li className="grid gap-2 py-3 sm:grid-cols-[1fr_auto_auto] sm:items-center sm:gap-4">
      <div className="min-w-0">
        <p
          className={cn(
            'font-medium',
            member.disabled ? 'text-slate-500 line-through dark:text-slate-400' : 'text-slate-900 dark:text-white',
          )}
        >
          {nameOf(member)}
          {isSelf ? <span className="ml-2 text-sm font-normal text-slate-600 dark:text-slate-400">(you)</span> : null}
        </p>
        <p className="text-sm break-all text-slate-600 dark:text-slate-400">
          {member.email}
          {member.disabled ? ' · Disabled: cannot sign in' : ''}
        </p>
        {error ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        ) : null}
      </div>
      <label className="flex items-center gap-2 text-sm font-medium text-slate-700 dark:text-slate-300">
        Role
        <select
          value={member.role}
          disabled={isSelf || change.isPending}
          onChange={(event) => act({ role: event.target.value as StaffRole })}
          aria-label={`Role of ${nameOf(member)}`}
          className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-950 dark:text-white"
        >
          {STAFF_ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </select>
      </label>
      {isSelf ? (
        <span />
      ) : (
        <button
          type="button"
          onClick={() => act({ disabled: !member.disabled })}
          disabled={change.isPending}
          className={buttonClass({ variant: 'secondary', size: 'sm' })}
        >
          {member.disabled ? `Enable ${nameOf(member)}` : `Disable ${nameOf(member)}`}
        </button>
      )}
    </li>
  );
}

/**
 * Owners only: every staff account with its role, and Disable / Enable. Disabling signs the person
 * out everywhere at once; a new role signs them out too, so they come back with the new rights.
 */
export function StaffAccounts() {
  const me = useAuthUser().data?.user;
  const staff = useStaff();
  return (
    <section
      aria-labelledby="staff-title"
      className="rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="staff-title" className="text-lg font-semibold text-slate-900 dark:text-white">
        Staff accounts
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Only owners see this. Disabling someone signs them out on every device at once; changing a role signs them out so they return with
        the new one. Every change is kept in the audit log.
      </p>
      {staff.isPending ? (
        <p className="mt-3 text-slate-600 dark:text-slate-400">Loading staff accounts...</p>
      ) : staff.isError ? (
        <p role="alert" className="mt-3 text-red-700 dark:text-red-400">
          Could not load the staff accounts. Please refresh the page.
        </p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-800">
          {staff.data.map((member) => (
            <StaffRow key={member.id} member={member} isSelf={member.id === me?.id} />
          ))}
        </ul>
      )}
    </section>
  );
}
