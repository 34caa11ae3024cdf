/** How long typing pauses before a typed change reaches the form (its validation and state): a keystroke paints
 *  at once, and the form's work runs once per pause, not once per key. Leaving the field or Next reports it at once. */
export const SETTLE_MS = 250;
