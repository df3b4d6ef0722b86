/** A CSV cell: quoted, and defused so a spreadsheet never runs it as a formula (a plain negative number, `-45.00`, is no formula and stays a number). */
export function csvCell(value: string | null): string {
  let text = value ?? '';
  if (/^[=+\-@\t\r]/.test(text) && !/^-\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** One CSV line (CRLF, as spreadsheets expect). */
export const csvLine = (cells: Array<string | null>) => `${cells.map(csvCell).join(',')}\r\n`;

const centralTime = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Chicago',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'longOffset',
});

/** A time as the office reads it: Central time with its offset, such as 2026-11-22 19:01:05 -06:00. */
export function centralTimeWithOffset(time: Date): string {
  const part = Object.fromEntries(centralTime.formatToParts(time).map(({ type, value }) => [type, value]));
  const offset = (part.timeZoneName ?? 'GMT').replace('GMT', '') || '+00:00';
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second} ${offset}`;
}
