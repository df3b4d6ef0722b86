import { Download, Loader2 } from 'lucide-react';
import { Link, useSearchParams } from 'wouter';
import type { AuditEvent, AuditEventQuery } from '../../../../shared/api/audit';
import { browserOf } from '../../../../shared/user-agent';
import { AUDIT_KIND_LABELS, AUDIT_KINDS, AUDIT_RETENTION_MONTHS, auditKindLabel, type AuditKind } from '../../../../shared/audit';
import { useRoleMay } from '../../../api/get-auth-user';
import { buttonClass } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { fieldClass, FilterSelect, labelClass } from '../../../components/filter-bar';
import { auditCsvHref, useAuditEvents, useAuditPeople } from '../api/get-audit-events';
import { withParam } from '../../../lib/search-params';
import { instantSecondsText } from '../../../../shared/date-formats';
import { cardClass } from '../../../components/ui/card';

const isKind = (value: string | null): value is AuditKind => AUDIT_KINDS.includes(value as AuditKind);
const isDate = (value: string | null): value is string => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);

const OUTCOME_STYLE: Record<AuditEvent['outcome'], string> = {
  ok: 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950/50 dark:text-emerald-200',
  refused: 'bg-red-50 text-red-800 dark:bg-red-950/50 dark:text-red-200',
  failed: 'bg-amber-50 text-amber-900 dark:bg-amber-950/50 dark:text-amber-200',
};
const OUTCOME_LABEL: Record<AuditEvent['outcome'], string> = { ok: 'Done', refused: 'Refused', failed: 'Failed' };

/** The event's sentence, with the part that names its target as a link to that page of the console. */
function Words({ words }: { words: AuditEvent['words'] }) {
  const at = words.link ? words.text.indexOf(words.link.text) : -1;
  if (!words.link || at < 0) return <>{words.text}</>;
  return (
    <>
      {words.text.slice(0, at)}
      <Link href={words.link.href} className="font-semibold text-brand-700 underline dark:text-brand-300">
        {words.link.text}
      </Link>
      {words.text.slice(at + words.link.text.length)}
    </>
  );
}

function EventRow({ event }: { event: AuditEvent }) {
  return (
    <li className="grid gap-x-6 gap-y-1 border-b border-slate-200 px-4 py-3 last:border-b-0 lg:grid-cols-[13rem_12rem_1fr_auto] dark:border-slate-800">
      <time dateTime={event.at} className="text-sm text-slate-600 tabular-nums dark:text-slate-400">
        {instantSecondsText(event.at)}
      </time>
      <p className="text-sm">
        <span className="font-semibold text-slate-900 dark:text-white">{event.actor?.name ?? 'Nobody signed in'}</span>
        {event.actor?.role ? <span className="text-slate-600 dark:text-slate-400"> · {event.actor.role}</span> : null}
        <span className="block text-xs text-slate-600 dark:text-slate-400">
          {event.ip} · {browserOf(event.userAgent)}
        </span>
      </p>
      <div className="min-w-0 text-sm">
        <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">{auditKindLabel(event.kind)}</p>
        <p className="break-words text-slate-900 dark:text-white" data-audit-words>
          <Words words={event.words} />
        </p>
      </div>
      <p>
        <span className={cn('inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold', OUTCOME_STYLE[event.outcome])}>
          {OUTCOME_LABEL[event.outcome]}
          {event.statusCode ? ` · ${event.statusCode}` : ''}
        </span>
      </p>
    </li>
  );
}

/** /admin/audit: what staff did, from where, for owners; filtered in the URL and exported as CSV. */
export default function AuditLogPage() {
  const mayRead = useRoleMay('list', 'auditEvent');
  const [params, setParams] = useSearchParams();
  const kind = params.get('kind');
  const from = params.get('from');
  const to = params.get('to');
  const filters: AuditEventQuery = {
    actorId: params.get('actorId') || undefined,
    kind: isKind(kind) ? kind : undefined,
    from: isDate(from) ? from : undefined,
    to: isDate(to) ? to : undefined,
  };
  const people = useAuditPeople();
  const events = useAuditEvents(filters);
  const change = (name: keyof AuditEventQuery, value: string) => setParams((current) => withParam(current, name, value));

  if (!mayRead) {
    return (
      <>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Audit log</h1>
        <p className="mt-4 text-slate-700 dark:text-slate-300">Only the company’s owners can read the audit log.</p>
      </>
    );
  }
  const shown = events.data?.pages.flatMap((page) => page.events) ?? [];
  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Audit log</h1>
          <p className="mt-2 max-w-3xl text-sm text-slate-600 dark:text-slate-400">
            Every change, export and refusal by staff, with who, when and from where. Nobody can edit it; events are kept{' '}
            {AUDIT_RETENTION_MONTHS} months. Times are Central.
          </p>
        </div>
        <a href={auditCsvHref(filters)} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
          <Download className="size-4" aria-hidden="true" />
          Export CSV
        </a>
      </div>
      <form
        aria-label="Filter the audit log"
        onSubmit={(event) => event.preventDefault()}
        className={cardClass({ padding: 'p-3', className: 'mt-4 flex flex-wrap items-end gap-3' })}
      >
        <FilterSelect
          label="Person"
          value={filters.actorId}
          onChange={(value) => change('actorId', value)}
          all="Everyone"
          options={(people.data ?? []).map((person) => [person.id, `${person.name}${person.role ? ` (${person.role})` : ''}`] as const)}
        />
        <FilterSelect
          label="Action"
          value={filters.kind}
          onChange={(value) => change('kind', value)}
          all="All actions"
          options={AUDIT_KINDS.map((value) => [value, AUDIT_KIND_LABELS[value]] as const)}
        />
        <label className={labelClass}>
          From
          <input type="date" value={filters.from ?? ''} onChange={(event) => change('from', event.target.value)} className={fieldClass} />
        </label>
        <label className={labelClass}>
          To
          <input type="date" value={filters.to ?? ''} onChange={(event) => change('to', event.target.value)} className={fieldClass} />
        </label>
      </form>
      <div className="mt-4">
        {events.isPending ? (
          <p className="flex items-center gap-2 text-slate-600 dark:text-slate-400">
            <Loader2 className="size-5 animate-spin" aria-hidden="true" />
            Loading the audit log...
          </p>
        ) : events.isError ? (
          <p
            role="alert"
            className="rounded-2xl border border-red-200 bg-red-50 p-5 font-semibold text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-300"
          >
            Error loading the audit log. Please refresh the page to try again.
          </p>
        ) : shown.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 p-10 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
            No events match these filters.
          </p>
        ) : (
          <>
            <ul aria-label="Audit events" className={cardClass({ padding: '', className: 'overflow-hidden' })}>
              {shown.map((event) => (
                <EventRow key={event.id} event={event} />
              ))}
            </ul>
            {events.hasNextPage ? (
              <button
                type="button"
                onClick={() => void events.fetchNextPage()}
                disabled={events.isFetchingNextPage}
                className={buttonClass({ variant: 'secondary', size: 'sm', className: 'mt-4' })}
              >
                {events.isFetchingNextPage ? 'Loading...' : 'Show older events'}
              </button>
            ) : null}
          </>
        )}
      </div>
    </>
  );
}
