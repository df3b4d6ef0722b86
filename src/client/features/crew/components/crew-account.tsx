import { ChevronDown } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { orNotLoaded } from '../../../components/not-loaded-notice';

/**
 * Loaded when opened: the settings are rarely used, and the crew page stays small for a phone in a
 * parking lot. If their code cannot load, the not-loaded notice shows and the route stays as it is.
 */
const Settings = lazy(orNotLoaded(() => import('./crew-account-settings')));

/**
 * "Your account" at the foot of the route: a crew member may add a passkey (sign in with a
 * fingerprint instead of an e-mail link), and sees which phones are signed in as them.
 */
export function CrewAccount({ email }: { email: string }) {
  const [open, setOpen] = useState(false);
  return (
    <details onToggle={(event) => setOpen(event.currentTarget.open)} className="group mx-auto max-w-xl px-4 pt-2 pb-8">
      <summary className="flex min-h-12 cursor-pointer items-center rounded-lg px-2 font-semibold text-slate-800 hover:bg-slate-200 dark:text-slate-100 dark:hover:bg-slate-800">
        {/* A flex summary loses the browser's triangle: this chevron says it opens. */}
        <ChevronDown className="mr-2 size-5 shrink-0 transition-transform group-open:rotate-180" aria-hidden="true" />
        Your account: passkeys and signed-in phones
      </summary>
      {open ? (
        <Suspense fallback={<p className="mt-3 px-2 text-slate-700 dark:text-slate-300">Loading...</p>}>
          <Settings email={email} />
        </Suspense>
      ) : null}
    </details>
  );
}
