/** An HDHP effective date inside the schema's window (12 months of today), whatever the day the tests run. */
export const firstOfThisMonth = (format: 'YYYY-MM-DD' | 'MM-DD-YYYY'): string => {
  const now = new Date();
  const [year, month] = [String(now.getFullYear()), String(now.getMonth() + 1).padStart(2, '0')];
  return format === 'YYYY-MM-DD' ? `${year}-${month}-01` : `${month}-01-${year}`;
};
