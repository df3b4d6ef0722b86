const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** A wait in words: "45 minutes", "5 hours", "1 day 3 hours", "12 days". */
export function formatWait(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  const hours = Math.floor(minutes / 60);
  const days = Math.floor(hours / 24);
  if (hours < 1) return plural(minutes, 'minute');
  if (days < 1) return plural(hours, 'hour');
  if (days >= 7 || hours % 24 === 0) return plural(days, 'day');
  return `${plural(days, 'day')} ${plural(hours % 24, 'hour')}`;
}
