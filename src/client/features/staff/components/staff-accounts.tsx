import { MailPlus } from 'lucide-react';
import { useState } from 'react';
import { staffInviteSchema, type StaffMember } from '../../../../shared/api/staff';
import { passkeyRequired } from '../../../../shared/passkeys';
import { STAFF_ROLES, type StaffRole } from '../../../../shared/policy';
import { useAuthUser } from '../../../api/get-auth-user';
import { buttonClass } from '../../../components/ui/button';
import { ConfirmBox } from '../../../components/ui/confirm-box';
import { FormError } from '../../../components/ui/form-error';
import { TextField } from '../../../components/ui/text-field';
import { readableError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useChangeStaffMember, useInviteStaffMember, useResetPasskeys, useStaff } from '../api/staff';
import { displayName } from '../../../../shared/display-name';
import { cardClass } from '../../../components/ui/card';
import { Select } from '../../../components/ui/select';

const ROLE_LABELS: Record<StaffRole, string> = { owner: 'Owner', office: 'Office', crew: 'Crew' };

/** "2 passkeys", or for someone the console will ask for one, that it will. */
function passkeysOf(member: StaffMember) {
  if (member.passkeys > 0) return `${member.passkeys} ${member.passkeys === 1 ? 'passkey' : 'passkeys'}`;
  return passkeyRequired(member.role) ? 'No passkey yet: asked for one at next sign-in' : 'No passkey (optional for crews)';
}

/** An owner starts someone's passkeys over (a lost phone): asked once more before it happens. */
function ResetPasskeys({ member, onError }: { member: StaffMember; onError: (message: string) => void }) {
  const reset = useResetPasskeys();
  const [confirming, setConfirming] = useState(false);
  if (!confirming)
    return (
      <button
        type="button"
        onClick={() => setConfirming(true)}
        aria-label={`Reset passkeys of ${displayName(member)}`}
        className={buttonClass({ variant: 'secondary', size: 'sm' })}
      >
        Reset passkeys
      </button>
    );
  return (
    <ConfirmBox
      className="sm:col-span-4"
      confirmLabel="Reset passkeys"
      pendingLabel="Resetting..."
      pending={reset.isPending}
      onConfirm={() =>
        reset.mutate(member.id, { onSuccess: () => setConfirming(false), onError: (failure) => onError(readableError(failure)) })
      }
      onCancel={() => setConfirming(false)}
    >
      Remove all passkeys and recovery codes of {displayName(member)}, and sign them out everywhere? At their next e-mail-link sign-in they
      add a new passkey.
    </ConfirmBox>
  );
}

function StaffRow({ member, isSelf }: { member: StaffMember; isSelf: boolean }) {
  const change = useChangeStaffMember();
  const [error, setError] = useState('');
  const act = (next: { role?: StaffRole; disabled?: boolean }) => {
    setError('');
    change.mutate({ id: member.id, change: next }, { onError: (failure) => setError(readableError(failure)) });
  };
  return (
    <li className="grid gap-2 py-3 sm:grid-cols-[1fr_auto_auto_auto] sm:items-center sm:gap-4">
      <div className="min-w-0">
        <p
          className={cn(
            'font-medium',
            member.disabled ? 'text-slate-500 line-through dark:text-slate-400' : 'text-slate-900 dark:text-white',
          )}
        >
          {displayName(member)}
          {isSelf ? <span className="ml-2 text-sm font-normal text-slate-600 dark:text-slate-400">(you)</span> : null}
        </p>
        <p className="text-sm break-all text-slate-600 dark:text-slate-400">
          {member.email}
          {member.disabled ? ' · Disabled: cannot sign in' : ''}
        </p>
        <p className="text-sm text-slate-600 dark:text-slate-400">{passkeysOf(member)}</p>
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
          aria-label={`Role of ${displayName(member)}`}
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
          {member.disabled ? `Enable ${displayName(member)}` : `Disable ${displayName(member)}`}
        </button>
      )}
      {isSelf || member.passkeys === 0 ? <span /> : <ResetPasskeys member={member} onError={setError} />}
    </li>
  );
}

/** "Invite a staff member": their name, address and role; the invitation e-mail does the rest. */
function InviteStaffForm({ onSent }: { onSent: (member: StaffMember) => void }) {
  const invite = useInviteStaffMember();
  const { register, submit, serverError, formState } = useSchemaForm(
    staffInviteSchema,
    { email: '', firstName: '', lastName: '', role: 'office' },
    async (values) => onSent(await invite.mutateAsync(values)),
    { resetOnSuccess: true },
  );
  const { errors } = formState;
  return (
    <form onSubmit={submit} noValidate className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <TextField label="First name" autoComplete="off" {...register('firstName')} error={errors.firstName?.message} />
      <TextField label="Last name" autoComplete="off" {...register('lastName')} error={errors.lastName?.message} />
      <TextField label="Email" type="email" autoComplete="off" {...register('email')} error={errors.email?.message} />
      <Select label="Role" {...register('role')}>
        {STAFF_ROLES.map((role) => (
          <option key={role} value={role}>
            {ROLE_LABELS[role]}
          </option>
        ))}
      </Select>
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2 lg:col-span-4">
        <button type="submit" disabled={formState.isSubmitting} className={buttonClass()}>
          <MailPlus className="size-4" aria-hidden="true" />
          {formState.isSubmitting ? 'Sending...' : 'Send staff invitation'}
        </button>
        <FormError>{serverError}</FormError>
      </div>
    </form>
  );
}

/**
 * Owners only: every staff account with its role and passkeys, Disable / Enable, Reset passkeys, and inviting someone new. Disabling signs the person
 * out everywhere at once; a new role signs them out too, so they come back with the new rights.
 */
export function StaffAccounts() {
  const me = useAuthUser().data?.user;
  const staff = useStaff();
  const [inviting, setInviting] = useState(false);
  const [sent, setSent] = useState('');
  return (
    <section aria-labelledby="staff-title" className={cardClass()}>
      <h2 id="staff-title" className="text-lg font-semibold text-slate-900 dark:text-white">
        Staff accounts
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Only owners see this. Disabling someone signs them out on every device at once; changing a role signs them out so they return with
        the new one. Owners and office staff need a passkey for the console. Every change is kept in the audit log.
      </p>
      {inviting ? (
        <InviteStaffForm
          onSent={(member) => {
            setSent(`Invitation sent to ${member.email}. It works once, for 7 days.`);
            setInviting(false);
          }}
        />
      ) : (
        <button
          type="button"
          onClick={() => {
            setInviting(true);
            setSent('');
          }}
          className={buttonClass({ variant: 'secondary', size: 'sm', className: 'mt-4' })}
        >
          <MailPlus className="size-4" aria-hidden="true" />
          Invite a staff member
        </button>
      )}
      {sent ? (
        <p role="status" className="mt-3 text-sm text-emerald-800 dark:text-emerald-300">
          {sent}
        </p>
      ) : null}
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
