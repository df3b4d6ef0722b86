import type { ReactNode } from 'react';
import { instantSecondsText } from '../../shared/date-formats';

const dt = 'text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400';
const dd = 'text-sm text-slate-900 dark:text-white';

/** One fact of an evidence list: its name above, its value below. */
export function EvidenceItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className={dt}>{label}</dt>
      <dd className={dd}>{children}</dd>
    </div>
  );
}

/**
 * The evidence of an estimate's acceptance, kept like the quote form's consent: who, as what, when,
 * from where, and the hash of exactly the version accepted. On the estimate's page and its
 * agreement's; `children` adds facts of the screen's own between the time and the place.
 */
export function AcceptanceEvidence({
  acceptance,
  children,
}: {
  acceptance: { name: string; title: string; at: string; ip: string | null; userAgent: string | null; hash: string };
  children?: ReactNode;
}) {
  return (
    <>
      <EvidenceItem label="Signed by">
        {acceptance.name}, {acceptance.title}
      </EvidenceItem>
      <EvidenceItem label="When">
        <time dateTime={acceptance.at}>{instantSecondsText(acceptance.at)}</time>
      </EvidenceItem>
      {children}
      <EvidenceItem label="From">
        {acceptance.ip ?? 'IP address not recorded'}
        {acceptance.userAgent ? (
          <span className="block text-xs break-words text-slate-600 dark:text-slate-400">{acceptance.userAgent}</span>
        ) : null}
      </EvidenceItem>
      <div>
        <dt className={dt}>Hash of the version accepted (SHA-256)</dt>
        <dd className="font-mono text-xs break-all text-slate-900 dark:text-white">{acceptance.hash}</dd>
      </div>
    </>
  );
}
