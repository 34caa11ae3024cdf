/** Social security numbers: how they are shown and sent. */
export const ssnDigits = (ssn: string): string => ssn.replace(/\D/g, '');
const lastFour = (ssn: string): string => ssnDigits(ssn).slice(-4);

/** In the field after blur: six asterisks, a dash and the last 4 digits. */
export const maskSsn = (ssn: string): string => `******-${lastFour(ssn)}`;
/** On the Verify step: XXX-XX- and the last 4 digits. */
export const maskSsnForReview = (ssn: string): string => `XXX-XX-${lastFour(ssn)}`;
