/** An instant as the time of day in Wisconsin: "9:42 AM" (dates and times are formatted in shared/date-formats). */
export { timeOfDayText as timeOfDay } from '../../../../shared/date-formats';

/** "1 photo", "3 photos". */
export const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
