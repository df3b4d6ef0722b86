import { AlertCircle, ArrowLeft } from 'lucide-react';
import { buttonClass } from '../../../components/ui/button';
import { cardClass } from '../../../components/ui/card';

/** Shown for any path the router does not know; the server answers these with 404. */
export function NotFoundPage() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4 dark:bg-slate-950">
      <div className={cardClass({ padding: 'p-8', className: 'w-full max-w-md shadow-sm' })}>
        <div className="flex items-center gap-3">
          <AlertCircle className="size-8 shrink-0 text-red-600 dark:text-red-400" aria-hidden="true" />
          <h1 className="text-2xl font-bold text-slate-900 dark:text-white">404 Page Not Found</h1>
        </div>
        <p className="mt-4 text-slate-600 dark:text-slate-300">
          We could not find this page. The link may be out of date, or the page may be missing from our site&apos;s router.
        </p>
        <a href="/" className={buttonClass({ className: 'mt-6' })}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to the home page
        </a>
      </div>
    </main>
  );
}
