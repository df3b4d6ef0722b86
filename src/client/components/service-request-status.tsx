import { SERVICE_REQUEST_STATUS_LABELS, type ServiceRequestStatus } from '../../shared/service-requests';
import { cn } from '../lib/cn';
import { weekdayDateText } from '../../shared/date-formats';

const statusStyles: Record<ServiceRequestStatus, string> = {
  received: 'bg-sky-100 text-sky-900 dark:bg-sky-900/60 dark:text-sky-100',
  scheduled: 'bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100',
  done: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-100',
  declined: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
};

/**
 * A request's status as the portal and the inbox show it: a coloured word, with the day when it
 * is scheduled ("Scheduled for Monday, December 1").
 */
export function ServiceRequestStatusBadge({
  request,
  className,
}: {
  request: { status: ServiceRequestStatus; scheduledDate: string | null };
  className?: string;
}) {
  const label = SERVICE_REQUEST_STATUS_LABELS[request.status];
  return (
    <span
      data-request-status={request.status}
      className={cn('inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold', statusStyles[request.status], className)}
    >
      {request.status === 'scheduled' && request.scheduledDate ? `${label} for ${weekdayDateText(request.scheduledDate)}` : label}
    </span>
  );
}
