/** Business constants of spec section 9 that are about time. */
export const IDLE_TIMEOUT_MS = 420_000;
export const IDLE_WARNING_BEFORE_MS = 120_000;
export const COUNTDOWN_TICK_MS = 500;
