import type { WidgetProps } from '@rjsf/utils';
import { FilteredInput } from './FilteredInput';
import { autoHyphenDate } from './format';

/** MM-DD-YYYY, hyphens added as digits are typed (the date of birth, the effective date); a date typed with its own
 *  separators elsewhere is kept as typed, for its rules to judge. */
export function MdyDateWidget(props: WidgetProps) {
  return <FilteredInput {...props} options={{ inputMode: 'numeric', ...props.options }} format={autoHyphenDate} />;
}
