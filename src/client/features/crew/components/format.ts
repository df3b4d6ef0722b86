export { clockText as clockTime, windowText } from '../../../../shared/local-dates';

/** An instant as the time of day in Wisconsin: "9:42 AM". */
export { timeOfDayText as timeOfDay } from '../../../../shared/local-dates';

/** A local date (YYYY-MM-DD) as "Monday, November 23". */
export { localDateText as dayText } from '../../../../shared/local-dates';

/** "1 photo", "3 photos". */
export const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
