/** The captcha's code (the altcha custom element), loaded on demand so it stays out of the step's chunk. */
export const loadAltcha = (): Promise<unknown> => import('altcha');
