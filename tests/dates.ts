import dayjs from 'dayjs';

/** An HDHP effective date inside the schema's window (12 months of today), whatever the day the tests run. */
export const firstOfThisMonth = (format: string): string => dayjs().startOf('month').format(format);
