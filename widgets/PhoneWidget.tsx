import type { WidgetProps } from '@rjsf/utils';
import { FilteredInput } from './FilteredInput';
import { groupDigits } from './format';

/** Phone numbers are formatted 555-555-5555 as typed. */
export function PhoneWidget(props: WidgetProps) {
  return <FilteredInput {...props} options={{ allowedChars: '[0-9-]', inputMode: 'tel', ...props.options }} format={(t) => groupDigits(t, [3, 3, 4])} />;
}
