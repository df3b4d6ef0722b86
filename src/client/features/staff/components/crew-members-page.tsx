import { MailPlus } from 'lucide-react';
import { useState } from 'react';
import { crewInviteSchema, crewMemberName } from '../../../../shared/api/crew-members';
import { useRoleMay } from '../../../api/get-auth-user';
import { buttonClass } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { TextField } from '../../../components/ui/text-field';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useCrewMembers } from '../../../api/get-crew-members';
import { useInviteCrewMember } from '../api/invite-crew-member';
import { SavedNotice } from '../../../components/ui/saved-notice';
import { StaffAccounts } from './staff-accounts';
import { cardClass } from '../../../components/ui/card';

function InviteForm({ onSent }: { onSent: (message: string) => void }) {
  const invite = useInviteCrewMember();
  const { register, submit, serverError, formState } = useSchemaForm(
    crewInviteSchema,
    { email: '', firstName: '', lastName: '' },
    async (values) => onSent((await invite.mutateAsync(values)).message),
    { resetOnSuccess: true },
  );
  const { errors } = formState;
  return (
    <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-3">
      <TextField label="First name" autoComplete="off" {...register('firstName')} error={errors.firstName?.message} />
      <TextField label="Last name" autoComplete="off" {...register('lastName')} error={errors.lastName?.message} />
      <TextField label="Email" type="email" autoComplete="off" {...register('email')} error={errors.email?.message} />
      <div className="flex flex-wrap items-center gap-3 sm:col-span-3">
        <button type="submit" disabled={formState.isSubmitting} className={buttonClass()}>
          <MailPlus className="size-4" aria-hidden="true" />
          {formState.isSubmitting ? 'Sending...' : 'Send invitation'}
        </button>
        <FormError>{serverError}</FormError>
      </div>
    </form>
  );
}

/** /admin/crew: the company's crew members, "Invite a crew member" (an e-mail link to the crew page), and for owners every staff account. */
export default function CrewMembersPage() {
  const crew = useCrewMembers();
  const mayInvite = useRoleMay('invite', 'crewMember');
  const mayManageStaff = useRoleMay('update', 'staffUser');
  const [inviting, setInviting] = useState(false);
  const [notice, setNotice] = useState('');
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Crew</h1>
        {mayInvite ? (
          <button type="button" onClick={() => setInviting((open) => !open)} aria-expanded={inviting} className={buttonClass()}>
            <MailPlus className="size-4" aria-hidden="true" />
            Invite a crew member
          </button>
        ) : null}
      </div>
      <p className="max-w-2xl text-slate-600 dark:text-slate-400">
        Crew members sign in with an e-mail link and see only the visits assigned to them, from today and the last 7 days, on their phone.
      </p>
      <SavedNotice notice={notice} />
      {inviting && mayInvite ? (
        <section aria-labelledby="invite-title" className={cardClass()}>
          <h2 id="invite-title" className="text-lg font-semibold text-slate-900 dark:text-white">
            Invite a crew member
          </h2>
          <p className="mt-1 mb-4 text-sm text-slate-600 dark:text-slate-400">
            They get an e-mail with a link to the crew page, good once for 7 days. Use their own address, not a customer’s or the office’s.
          </p>
          <InviteForm
            onSent={(message) => {
              setNotice(`${message}.`);
              setInviting(false);
            }}
          />
        </section>
      ) : null}
      <section aria-labelledby="crew-list-title" className={cardClass()}>
        <h2 id="crew-list-title" className="text-lg font-semibold text-slate-900 dark:text-white">
          Crew members
        </h2>
        {crew.isPending ? (
          <p className="mt-3 text-slate-600 dark:text-slate-400">Loading crew members...</p>
        ) : crew.isError ? (
          <p role="alert" className="mt-3 text-red-700 dark:text-red-400">
            Could not load the crew. Please refresh the page.
          </p>
        ) : crew.data!.length === 0 ? (
          <p className="mt-3 text-slate-600 dark:text-slate-400">No crew members yet. Invite the first one to start assigning visits.</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-800">
            {crew.data!.map((member) => (
              <li key={member.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <span className="font-medium text-slate-900 dark:text-white">{crewMemberName(member)}</span>
                <span className="break-all text-sm text-slate-600 dark:text-slate-400">{member.email}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      {mayManageStaff ? <StaffAccounts /> : null}
    </div>
  );
}
