import { Link } from 'wouter';
import { useInboxStats } from '../api/get-inbox-stats';

const tabClass =
  'group inline-flex min-h-10 items-center gap-2 rounded-lg px-3 text-sm font-semibold text-slate-700 hover:bg-slate-100 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white dark:text-slate-200 dark:hover:bg-slate-800 dark:aria-[current=page]:bg-brand-500 dark:aria-[current=page]:text-slate-950';
const badgeClass =
  'rounded-full bg-sky-100 px-2 py-0.5 text-xs font-bold text-sky-900 group-aria-[current=page]:bg-white group-aria-[current=page]:text-brand-900 dark:bg-sky-900 dark:text-sky-100';

/** How many wait in a list, beside its name: read aloud as "3 new". */
function Waiting({ count, word }: { count: number | undefined; word: string }) {
  if (!count) return null;
  return (
    <span className={badgeClass}>
      {count}
      <span className="sr-only"> {word}</span>
    </span>
  );
}

/**
 * The inbox's two lists: quote requests from the landing page, and customers' requests from the
 * portal, each with how many wait for staff (new quote requests, received customer requests).
 */
export function InboxTabs({ current }: { current: 'quotes' | 'requests' }) {
  const stats = useInboxStats().data;
  return (
    <nav aria-label="Inbox" className="mb-4 flex flex-wrap gap-2">
      <Link href="/admin/submissions" aria-current={current === 'quotes' ? 'page' : undefined} className={tabClass}>
        Quote requests
        <Waiting count={stats?.newCount} word="new" />
      </Link>
      <Link href="/admin/submissions?view=requests" aria-current={current === 'requests' ? 'page' : undefined} className={tabClass}>
        Customer requests
        <Waiting count={stats?.customerRequests.count} word="waiting" />
      </Link>
    </nav>
  );
}
