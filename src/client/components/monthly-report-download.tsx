import { FileDown } from 'lucide-react';
import { useMemo, useState } from 'react';
import { localToday } from '../../shared/local-dates';
import { monthlyReportUrl, reportMonths, useFirstReportMonth, type MonthlyReportOf } from '../api/monthly-report';
import { buttonClass } from './ui/button';
import { Select } from './ui/select';

/**
 * "Download monthly report": a month (this month to date by default, or one of the last two
 * years, from the customer's first month on) and a link that downloads its PDF. The server streams it as an attachment, so the
 * browser saves it without leaving the page.
 */
export function MonthlyReportDownload({ of, description }: { of: MonthlyReportOf; description?: string }) {
  // Until the customer's first month is known, only the current month (always valid) is offered.
  const first = useFirstReportMonth(of);
  const months = useMemo(() => (first.data ? reportMonths(24, localToday(), first.data) : reportMonths(1)), [first.data]);
  const [chosen, setMonth] = useState<string | null>(null);
  const month = chosen && months.some((option) => option.value === chosen) ? chosen : months[0]!.value;
  return (
    <div className="grid gap-3">
      {description ? <p className="text-sm text-slate-600 dark:text-slate-400">{description}</p> : null}
      <div className="flex flex-wrap items-end gap-3">
        <Select label="Month" className="min-w-48 flex-1" value={month} onChange={(event) => setMonth(event.target.value)}>
          {months.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
        <a href={monthlyReportUrl(of, month)} download className={buttonClass({ variant: 'secondary' })}>
          <FileDown className="size-4" aria-hidden="true" /> Download monthly report
        </a>
      </div>
    </div>
  );
}
