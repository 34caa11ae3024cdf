/** How long typing pauses before the preview follows what was typed (see Preview in formContext.ts): a keystroke
 *  paints at once, and the preview's work runs once per pause, not once per key. */
export const SETTLE_MS = 250;
