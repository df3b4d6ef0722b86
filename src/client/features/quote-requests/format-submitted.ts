const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/Chicago' });

/** "Oct 2, 2026, 9:15 AM", in the company's time zone. */
export const formatSubmitted = (iso: string) => dateTime.format(new Date(iso));
