import { CircleCheck, CloudOff, TriangleAlert } from 'lucide-react';
import { sendNow } from '../api/outbox';
import { useOnline } from '../hooks/use-online';
import { useOutbox } from '../hooks/use-outbox';
import { plural } from './format';

/**
 * Always in view, at the bottom under the thumb: how many photos and updates are still to be sent, and
 * why (no signal, signed out), or that everything has reached the office. Nothing is lost while it shows.
 */
export function OutboxBar() {
  const outbox = useOutbox();
  const online = useOnline();
  const waiting = outbox.items.filter((item) => !item.failed);
  const refused = outbox.items.length - waiting.length;
  const photos = waiting.filter((item) => item.type === 'photo').length;
  const updates = waiting.length - photos;
  if (!outbox.loaded) return null;
  const others = outbox.othersWaiting ? (
    <span className="block font-normal">
      {plural(outbox.othersWaiting, 'item')} saved on this phone by another crew member {outbox.othersWaiting === 1 ? 'waits' : 'wait'} for
      them to log in here again.
    </span>
  ) : null;
  if (waiting.length === 0 && refused === 0) {
    return (
      <div
        role="status"
        className="fixed inset-x-0 bottom-0 z-20 border-t border-emerald-200 bg-emerald-50 pb-[env(safe-area-inset-bottom)] dark:border-emerald-900 dark:bg-emerald-950"
      >
        <p className="mx-auto flex max-w-xl items-center gap-2 px-4 py-2 text-sm font-semibold text-emerald-900 dark:text-emerald-100">
          <CircleCheck className="size-5 shrink-0" aria-hidden="true" />
          <span>
            {others ? 'All your work is sent to the office' : 'Everything is sent to the office'}
            {others}
          </span>
        </p>
      </div>
    );
  }

  const parts = [
    photos ? `${plural(photos, 'photo')} waiting to upload` : null,
    updates ? `${plural(updates, 'update')} waiting to send` : null,
  ].filter(Boolean);
  const noSignal = !online || outbox.waitingForSignal;
  const tone =
    refused && !waiting.length
      ? 'border-red-300 bg-red-50 dark:border-red-800 dark:bg-red-950'
      : noSignal
        ? 'border-amber-300 bg-amber-50 dark:border-amber-700 dark:bg-amber-950'
        : 'border-brand-200 bg-brand-50 dark:border-brand-800 dark:bg-brand-950';

  return (
    <div
      role="status"
      className={`fixed inset-x-0 bottom-0 z-20 border-t-2 pb-[env(safe-area-inset-bottom)] shadow-[0_-4px_12px_rgb(0_0_0/0.12)] ${tone}`}
    >
      <div className="mx-auto flex max-w-xl items-start gap-3 px-4 py-3">
        {noSignal ? (
          <CloudOff className="mt-0.5 size-6 shrink-0 text-amber-800 dark:text-amber-200" aria-hidden="true" />
        ) : waiting.length ? (
          <span
            aria-hidden="true"
            className="mt-0.5 size-6 shrink-0 animate-spin rounded-full border-[3px] border-brand-800 border-t-transparent motion-reduce:animate-none dark:border-brand-200 dark:border-t-transparent"
          />
        ) : (
          <TriangleAlert className="mt-0.5 size-6 shrink-0 text-red-800 dark:text-red-200" aria-hidden="true" />
        )}
        <div className="min-w-0 flex-1">
          {parts.length ? <p className="text-base font-bold text-slate-950 dark:text-white">{parts.join(' · ')}</p> : null}
          <p className="text-sm text-slate-800 dark:text-slate-200">
            {outbox.signedOut ? (
              <>
                Your sign-in has ended.{' '}
                <a href="/api/login?returnTo=%2Fcrew" className="font-bold underline">
                  Log in again
                </a>{' '}
                to send them; they are safe on this phone.
              </>
            ) : noSignal && waiting.length ? (
              'No signal. Everything is saved on this phone and goes out as soon as you are back online.'
            ) : waiting.length ? (
              'Sending now. You can keep working.'
            ) : null}
            {refused ? ` ${plural(refused, 'item')} could not be sent: open the visit to see why.` : null}
            {others}
          </p>
        </div>
        {noSignal && online && waiting.length && !outbox.signedOut ? (
          <button
            type="button"
            onClick={sendNow}
            className="inline-flex min-h-11 shrink-0 items-center gap-1 rounded-lg border border-amber-400 bg-white px-3 text-sm font-bold text-amber-900 dark:border-amber-600 dark:bg-slate-900 dark:text-amber-100"
          >
            Retry
          </button>
        ) : null}
      </div>
    </div>
  );
}
