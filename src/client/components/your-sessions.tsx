import { LogOut, Monitor } from 'lucide-react';
import type { AccountSession } from '../../shared/api/sessions';
import { useAccountSessions, useEndOtherSessions, useEndSession } from '../api/account-sessions';
import { cn } from '../lib/cn';
import { readableError } from '../lib/api-client';
import { buttonClass } from './ui/button';
import { LoadState, SettingsCard } from './ui/settings-card';
import { instantShortDateTimeText } from '../../shared/date-formats';

function SessionRow({ session }: { session: AccountSession }) {
  const end = useEndSession();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="flex items-start gap-3">
        <Monitor className="mt-0.5 size-5 text-slate-500 dark:text-slate-400" aria-hidden="true" />
        <div>
          <p className="font-medium text-slate-900 dark:text-white">
            {session.device}
            {session.current ? (
              <span className="ml-2 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800 dark:bg-emerald-950/50 dark:text-emerald-200">
                This browser
              </span>
            ) : null}
          </p>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Last used <time dateTime={session.lastUsedAt}>{instantShortDateTimeText(session.lastUsedAt)}</time> · signed in{' '}
            <time dateTime={session.signedInAt}>{instantShortDateTimeText(session.signedInAt)}</time>
            {session.ip ? ` · ${session.ip}` : ''}
          </p>
          {end.isError ? (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {readableError(end.error)}
            </p>
          ) : null}
        </div>
      </div>
      {session.current ? null : (
        <button
          type="button"
          onClick={() => end.mutate(session.id)}
          disabled={end.isPending}
          className={buttonClass({ variant: 'secondary', size: 'sm' })}
          aria-label={`Sign out ${session.device}, last used ${instantShortDateTimeText(session.lastUsedAt)}`}
        >
          {end.isPending ? 'Signing out...' : 'Sign out'}
        </button>
      )}
    </li>
  );
}

/**
 * "Sign out everywhere else": ends every session but this browser's, then says how many ended.
 * `offered`: whether there are others to end (the result stays shown once they are gone).
 */
export function SignOutEverywhereElse({ offered = true, className }: { offered?: boolean; className?: string }) {
  const others = useEndOtherSessions();
  if (others.isSuccess)
    return (
      <p role="status" className={cn('text-sm text-emerald-800 dark:text-emerald-300', className)}>
        Signed out of {others.data.ended} other {others.data.ended === 1 ? 'browser' : 'browsers'}.
      </p>
    );
  if (!offered) return null;
  return (
    <button
      type="button"
      onClick={() => others.mutate(undefined)}
      disabled={others.isPending}
      className={buttonClass({ variant: 'secondary', size: 'sm', className })}
    >
      <LogOut className="size-4" aria-hidden="true" />
      {others.isPending ? 'Signing out...' : 'Sign out everywhere else'}
    </button>
  );
}

/** "Your sessions": every browser signed in to this account, to sign one out, or all but this one. */
export function YourSessions() {
  const sessions = useAccountSessions();
  const otherCount = sessions.data?.filter((session) => !session.current).length ?? 0;
  return (
    <SettingsCard
      title="Your sessions"
      description="The browsers signed in to your account. Sign out any you do not recognize, or a shared computer you no longer use."
    >
      {!sessions.isSuccess ? (
        <LoadState pending={sessions.isPending} error={sessions.isError} what="Your sessions" />
      ) : (
        <>
          <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">
            {sessions.data.map((session) => (
              <SessionRow key={session.id} session={session} />
            ))}
          </ul>
          <SignOutEverywhereElse offered={otherCount > 0} className="mt-3" />
        </>
      )}
    </SettingsCard>
  );
}
