/** The session values every page sets, and leaving to the site root. The wizard's store (wizardStore.ts) and the
 *  site's error state (siteStatus.ts) load with the wizard. */

/** The selected effective date kept for the session (spec section 3, 'Stored values'). */
export const EFFECTIVE_DATE_KEY = 'effectiveDate';
export const effectiveDateStore = {
  set: (value: string) => sessionStorage.setItem(EFFECTIVE_DATE_KEY, value),
  clear: () => sessionStorage.removeItem(EFFECTIVE_DATE_KEY),
};

/** The groupID cookie: the group given, else the variant's default. */
export function setGroupCookie(value: string): void {
  document.cookie = `groupID=${encodeURIComponent(value)}; path=/; SameSite=Strict`;
}

/** What must be cleared before leaving (the wizard's store registers its reset when it loads). */
const onLeave = new Set<() => void>();
export const clearOnLeave = (clear: () => void): void => void onLeave.add(clear);

/** Cancel, OK on 'We Apologize': the application is cleared (a page kept in the back-forward cache must not hold
 *  it) and the applicant leaves to the site root. */
export function leaveToRoot(): void {
  for (const clear of onLeave) clear();
  window.location.assign('/');
}
