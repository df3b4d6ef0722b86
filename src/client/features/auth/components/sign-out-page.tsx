import { LogOut } from 'lucide-react';
import { company } from '../../../../shared/company';
import { buttonClass } from '../../../components/ui/button';
import { AuthCard } from './auth-card';

/**
 * /logout: where a Log Out link followed from anywhere but our own pages lands. Signing out
 * takes this button (a POST), so another site cannot sign people out by linking here.
 */
export default function SignOutPage() {
  return (
    <AuthCard title="Log out?">
      <p className="mb-6 text-slate-600 dark:text-slate-300">
        To keep other websites from logging you out, we ask before ending your {company.name} session on this browser.
      </p>
      <form method="post" action="/api/logout">
        <button type="submit" className={buttonClass({ size: 'lg', className: 'w-full' })}>
          <LogOut className="size-5" aria-hidden="true" />
          Log out
        </button>
      </form>
      <p className="mt-4 text-center text-sm">
        <a href="/" className="font-semibold text-brand-700 hover:underline dark:text-brand-300">
          Stay signed in and go to the home page
        </a>
      </p>
    </AuthCard>
  );
}
