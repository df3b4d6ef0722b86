import { INVOICE_STATUS_LABELS, type InvoiceStatus } from '../../../shared/api/invoices';
import { Pill, type PillTone } from '../ui/pill';

/** An invoice's status as the portal and console show it: open sky, partly paid amber, paid emerald, overdue red. */
const TONES: Record<InvoiceStatus, PillTone> = {
  draft: 'slate',
  open: 'sky',
  partly_paid: 'amber',
  paid: 'emerald',
  overdue: 'red',
  void: 'slate',
};

export function InvoiceStatusPill({ status }: { status: InvoiceStatus }) {
  return <Pill tone={TONES[status]}>{INVOICE_STATUS_LABELS[status]}</Pill>;
}
