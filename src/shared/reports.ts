/** How often a customer's user receives service reports by e-mail (Account Settings). */
export const REPORT_FREQUENCIES = ['every_visit', 'weekly', 'none'] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];

export const REPORT_FREQUENCY_LABELS: Record<ReportFrequency, string> = {
  every_visit: 'After every visit',
  weekly: 'A weekly summary on Monday morning',
  none: 'None',
};

/** Site issues e-mailed at once, when the crew reports them, without waiting for the visit to end. */
export const URGENT_SITE_ISSUE_TYPES = ['hazard', 'damage'] as const;

/** The inline before/after images of a report e-mail: at most this wide, and all together under this size. */
export const REPORT_IMAGE_MAX_PX = 400;
export const REPORT_IMAGES_MAX_BYTES = 300 * 1024;

/** The weekly summary goes out on Monday from this hour, America/Chicago. */
export const WEEKLY_SUMMARY_HOUR = 7;
