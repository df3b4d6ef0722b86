import { localDateText } from '../../../shared/local-dates';
import { type EmailMessage, simpleEmail } from '../mail';

export interface AgreementNotice {
  companyName: string;
  estimateNumber: number;
  /** The customer's user who gave notice. */
  by: { name: string; email: string };
  endsOn: string;
  consoleUrl: string;
}

/** Tells staff that a customer cancelled a month-to-month agreement from the portal, and when its service ends. */
export function agreementNoticeEmail(to: string, notice: AgreementNotice): EmailMessage {
  const endsOn = localDateText(notice.endsOn, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
  return {
    to,
    replyTo: notice.by.email,
    subject: `${notice.companyName} cancelled their agreement (estimate ${notice.estimateNumber}): service ends ${endsOn}`,
    ...simpleEmail(
      `${notice.companyName} gave notice`,
      [
        ['Customer', notice.companyName],
        ['Agreement', `From estimate ${notice.estimateNumber}, month-to-month`],
        ['Given by', `${notice.by.name} <${notice.by.email}>`],
        ['Last day of service', endsOn],
      ],
      `${notice.companyName} cancelled their month-to-month agreement from the portal with 30 days’ notice. Its plans end on ${endsOn}; visits after that day are off the schedule.`,
      { label: 'Open the customer', url: notice.consoleUrl },
      { outro: `Reply to this e-mail to write to ${notice.by.name} directly.` },
    ),
  };
}
