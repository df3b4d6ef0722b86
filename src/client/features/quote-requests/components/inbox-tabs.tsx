import { Link } from 'wouter';
import { cn } from '../../../lib/cn';

const tabClass =
  'inline-flex min-h-10 items-center rounded-lg px-3 text-sm font-semibold text-slate-700 hover:bg-slate-100 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white dark:text-slate-200 dark:hover:bg-slate-800 dark:aria-[current=page]:bg-brand-500 dark:aria-[current=page]:text-slate-950';

/** The inbox's two lists: quote requests from the landing page, and customers' requests from the portal. */
export function InboxTabs({ current }: { current: 'quotes' | 'requests' }) {
  return (
    <nav aria-label="Inbox" className="mb-4 flex flex-wrap gap-2">
      <Link href="/admin/submissions" aria-current={current === 'quotes' ? 'page' : undefined} className={cn(tabClass)}>
        Quote requests
      </Link>
      <Link href="/admin/submissions?view=requests" aria-current={current === 'requests' ? 'page' : undefined} className={cn(tabClass)}>
        Customer requests
      </Link>
    </nav>
  );
}
