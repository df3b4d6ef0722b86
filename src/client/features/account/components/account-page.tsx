import { useAuthUser } from '../../../api/get-auth-user';
import { PasskeysSettings } from '../../../components/passkeys/passkeys-settings';
import { SettingsCard } from '../../../components/ui/settings-card';
import { YourSessions } from '../../../components/your-sessions';
import { fullName } from '../../../../shared/display-name';

const ROLE_NAMES = { owner: 'Owner', office: 'Office staff', crew: 'Crew', customer: 'Customer' } as const;

/** /admin/account: a staff member's own account: who they are, their passkeys and recovery codes, their sessions. */
export default function AccountPage() {
  const auth = useAuthUser().data!;
  const { user } = auth;
  const rows: Array<[string, string]> = [
    ['Name', fullName(user) || '—'],
    ['Email', user.email],
    ['Role', ROLE_NAMES[user.role]],
  ];
  return (
    <div className="grid gap-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Your account</h1>
      <SettingsCard title="Account details">
        <dl className="mt-4 divide-y divide-slate-200 dark:divide-slate-800">
          {rows.map(([label, value]) => (
            <div key={label} className="grid gap-1 py-3 sm:grid-cols-3">
              <dt className="text-sm font-medium text-slate-600 dark:text-slate-400">{label}</dt>
              <dd className="break-all text-slate-900 sm:col-span-2 dark:text-white">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">An owner changes names and roles on the Crew page.</p>
      </SettingsCard>
      <PasskeysSettings email={user.email} />
      <YourSessions />
    </div>
  );
}
