import { ESTIMATE_STATUS_NAMES, type EstimateStatus } from '../../../../shared/estimates';
import { Pill, type PillTone } from '../../../components/ui/pill';

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

/** Where an estimate is, as a coloured word. */
export function EstimateStatusPill({ status, className }: { status: EstimateStatus; className?: string }) {
  return (
    <Pill tone={TONES[status]} data-estimate-status={status} className={className}>
      {ESTIMATE_STATUS_NAMES[status]}
    </Pill>
  );
}
