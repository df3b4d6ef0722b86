import { localDateText } from '../../../../shared/local-dates';

/**
 * The crew page's dates and times, the same formats as shared/date-formats, taken from
 * shared/local-dates: that module alone comes with the crew's first load, where importing
 * date-formats (every screen's formats) would cost 0.4 KB of a page budgeted to the byte.
 */
export { timeOfDayText, windowText } from '../../../../shared/local-dates';

/** "Monday, November 23" (date-formats' weekdayDateText). */
export const weekdayDateText = (localDate: string) => localDateText(localDate);

/** "Mon, Nov 23" (date-formats' shortWeekdayDateText). */
export const shortWeekdayDateText = (localDate: string) => localDateText(localDate, { weekday: 'short', month: 'short', day: 'numeric' });

/** "1 photo", "3 photos". */
export const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
