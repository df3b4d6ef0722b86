import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useSearch } from 'wouter';
import { readableError } from '../../../lib/api-client';
import { NoticeCard, SignInPrompt, WrongAudience } from '../../../components/layout/notice-card';
import { crewKeys, useCrewRoute, type CrewRouteResult } from '../api/get-crew-route';
import { patchRoute } from '../api/patch-route';
import { useCrewUser } from '../api/get-crew-user';
import { onOutboxSent, startOutbox } from '../api/outbox';
import { CrewAccount } from './crew-account';
import { CrewHeader } from './crew-header';
import { OutboxBar } from './outbox-bar';
import { RouteScreen } from './route-screen';
import { VisitScreen } from './visit-screen';

/**
 * /crew: a crew member's day on a phone. Today's route, and (with ?visit=id) one visit to
 * work through. Everything done here is saved on the phone first and sent when there is
 * signal (the outbox), so the page works in a parking lot with none.
 */
export default function CrewRoutePage() {
  const auth = useCrewUser();
  const isCrew = auth.data?.user.role === 'crew';
  const crewId = isCrew ? auth.data?.user.id : undefined;
  const route = useCrewRoute(crewId);
  const queryClient = useQueryClient();
  const visitId = new URLSearchParams(useSearch()).get('visit');

  useEffect(() => {
    if (!crewId) return;
    void startOutbox(crewId);
    // Each item the server takes shows as sent at once; once the queue is sent, the route is read
    // again, and then shows what the office sees.
    const readAgain = () => void queryClient.invalidateQueries({ queryKey: crewKeys.route() });
    // Back in signal, the route shown may be the one kept on the phone: read the office's again.
    window.addEventListener('online', readAgain);
    const stop = onOutboxSent((sent) => {
      if (sent) queryClient.setQueryData<CrewRouteResult>(crewKeys.route(crewId), (data) => patchRoute(data, sent));
      else readAgain();
    });
    return () => {
      window.removeEventListener('online', readAgain);
      stop();
    };
  }, [crewId, queryClient]);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [visitId]);

  let body;
  if (auth.isPending) body = <p className="px-4 py-16 text-center text-lg text-slate-700 dark:text-slate-300">Loading...</p>;
  else if (!auth.data)
    body = (
      <div className="px-4 py-16">
        <SignInPrompt title="Crew sign-in" text="Please log in with your crew e-mail address to see today's visits." returnTo="/crew" />
      </div>
    );
  else if (!isCrew)
    body = (
      <div className="px-4 py-16">
        <WrongAudience role={auth.data.user.role} audience="crews" />
      </div>
    );
  else if (route.isPending)
    body = <p className="px-4 py-16 text-center text-lg text-slate-700 dark:text-slate-300">Loading today’s route...</p>;
  else if (route.isError)
    body = (
      <div className="px-4 py-16">
        <NoticeCard title="Your route could not be loaded">
          <p className="mt-3 text-slate-700 dark:text-slate-300">{readableError(route.error)}</p>
          <button
            type="button"
            onClick={() => void route.refetch()}
            className="mt-6 inline-flex min-h-12 w-full items-center justify-center rounded-lg bg-brand-700 font-semibold text-white dark:bg-brand-500 dark:text-slate-950"
          >
            Try again
          </button>
        </NoticeCard>
      </div>
    );
  else {
    const { route: today, offline } = route.data;
    const visit = visitId ? [...today.visits, ...today.recent].find((candidate) => candidate.id === visitId) : undefined;
    body = !visitId ? (
      <>
        <RouteScreen route={today} offline={offline} />
        <CrewAccount email={auth.data!.user.email} />
      </>
    ) : visit ? (
      <VisitScreen visit={visit} fenceMeters={today.fenceMeters} today={today.today} />
    ) : (
      <div className="px-4 py-16">
        <NoticeCard title="This visit is not on your route">
          <p className="mt-3 text-slate-700 dark:text-slate-300">
            It may have been moved or given to another crew. Your visits for today are on your route.
          </p>
          <Link
            href="/crew"
            className="mt-6 inline-flex min-h-12 w-full items-center justify-center rounded-lg bg-brand-700 font-semibold text-white dark:bg-brand-500 dark:text-slate-950"
          >
            Today’s route
          </Link>
        </NoticeCard>
      </div>
    );
  }

  return (
    <div className="min-h-screen bg-slate-100 dark:bg-slate-950">
      <CrewHeader signedIn={Boolean(auth.data)} />
      {/* Room at the bottom for the outbox bar, so it never covers the last button. */}
      <main className={isCrew ? 'pb-28' : undefined}>{body}</main>
      {isCrew ? <OutboxBar /> : null}
    </div>
  );
}
