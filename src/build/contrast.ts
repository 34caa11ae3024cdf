/** The contrast rule for a partner's colours, shared by the build's check and the studio (which shows it as the
 *  analyst types). */

/** White text (the header's, the buttons') needs 4.5:1 on a partner's colour: WCAG AA for text. */
export const MIN_CONTRAST = 4.5;

/** WCAG contrast of a #rrggbb colour with white, the colour of the text set on it. */
export function contrastWithWhite(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
  return 1.05 / (luminance + 0.05);
}
