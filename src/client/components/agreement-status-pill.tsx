import { AGREEMENT_STATUS_NAMES, type AgreementStatus } from '../../shared/estimates';
import { Pill, type PillTone } from './ui/pill';

/** Running is won (emerald), given notice is a price going away (amber), ended is closed (slate). */
const TONES: Record<AgreementStatus, PillTone> = { active: 'emerald', ending: 'amber', ended: 'slate' };

/** Where a service agreement is, as a coloured word: on its page, the overview and its customer's page. */
export function AgreementStatusPill({ status, className }: { status: AgreementStatus; className?: string }) {
  return (
    <Pill tone={TONES[status]} data-agreement-status={status} className={className}>
      {AGREEMENT_STATUS_NAMES[status]}
    </Pill>
  );
}
