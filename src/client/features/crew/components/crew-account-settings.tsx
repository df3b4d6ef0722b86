import { PasskeysSettings } from '../../../components/passkeys/passkeys-settings';
import { YourSessions } from '../../../components/your-sessions';

/** The crew member's passkeys and sessions: the same cards as in the console's Your account. */
export default function CrewAccountSettings({ email }: { email: string }) {
  return (
    <div className="mt-3 grid gap-4">
      <PasskeysSettings email={email} />
      <YourSessions />
    </div>
  );
}
