import { CalendarCheck } from 'lucide-react';
import { useAuthUser } from '../../../api/get-auth-user';
import { NoticeCard, SignInPrompt, WrongAudience, LogOutLink } from '../../../components/layout/notice-card';
import { PortalHeader } from '../../../components/layout/portal-header';

/**
 * /crew: a crew member's day. Scheduling does not exist yet, so the page says plainly
 * that nothing is assigned; visits arrive with the scheduling issue.
 */
export default function CrewPage() {
  const auth = useAuthUser();
  return (
    <div className="min-h-screen bg-slate-50 dark:bg-slate-950">
      <PortalHeader>{auth.data ? <LogOutLink /> : null}</PortalHeader>
      <main className="px-4 py-16">
        {auth.isPending ? (
          <p className="text-center text-slate-600 dark:text-slate-400">Loading...</p>
        ) : !auth.data ? (
          <SignInPrompt title="Crew sign-in" text="Please log in with your crew e-mail address to see today's visits." returnTo="/crew" />
        ) : auth.data.user.role !== 'crew' ? (
          <WrongAudience role={auth.data.user.role} audience="crews" />
        ) : (
          <NoticeCard title={`Hello, ${auth.data.user.firstName || 'there'}`}>
            <CalendarCheck className="mx-auto mt-6 size-10 text-leaf-600 dark:text-emerald-400" aria-hidden="true" />
            <p className="mt-3 text-slate-600 dark:text-slate-300">No visits are assigned to you today.</p>
          </NoticeCard>
        )}
      </main>
    </div>
  );
}
