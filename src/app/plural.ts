/** A text that says a number in the words of its language: ICU MessageFormat ('{count, plural, one {…} other
 *  {…}}') by FormatJS's intl-messageformat. Only the pages that count something load it (it is not in the welcome
 *  page's script); every other text is filled by the engine's fill. */
import { IntlMessageFormat } from 'intl-messageformat';

export const fillPlural = (text: string, values: Record<string, string | number>, language: string): string => String(new IntlMessageFormat(text, language).format(values));
