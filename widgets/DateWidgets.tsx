import type { WidgetProps } from '@rjsf/utils';
import { FilteredInput } from './FilteredInput';
import { autoHyphenDate } from './format';

/** MM-DD-YYYY, hyphens added as digits are typed; a date typed with dashes or slashes is kept as typed. */
export function MdyDateWidget(props: WidgetProps) {
  return <FilteredInput {...props} options={{ inputMode: 'numeric', ...props.options }} format={autoHyphenDate} />;
}

/** mm-dd-yyyy typed as is: digits and hyphens only. */
export function HyphenDateWidget(props: WidgetProps) {
  return <FilteredInput {...props} options={{ inputMode: 'numeric', ...props.options }} />;
}
