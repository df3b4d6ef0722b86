import { ESTIMATE_STATUS_NAMES, type EstimateStatus } from '../../shared/estimates';
import { Pill, type PillTone } from './ui/pill';

/** The inbox's colours for the same moments: a draft is new work, sent is a price out (the request's "quoted"), accepted is won. */
const TONES: Record<EstimateStatus, PillTone> = {
  draft: 'sky',
  sent: 'amber',
  viewed: 'violet',
  changes_requested: 'orange',
  accepted: 'emerald',
  declined: 'red',
  superseded: 'slate',
  expired: 'slate',
};

/** Where an estimate is, as a coloured word: on the estimates' screens and on the quote request it answers. */
export function EstimateStatusPill({ status, className }: { status: EstimateStatus; className?: string }) {
  return (
    <Pill tone={TONES[status]} data-estimate-status={status} className={className}>
      {ESTIMATE_STATUS_NAMES[status]}
    </Pill>
  );
}

/** An estimate's number as staff say it: "1001", and "1001 v2" from its first revision on. */
export const estimateNumberText = ({ number, version }: { number: number; version: number }) =>
  version > 1 ? `${number} v${version}` : String(number);
