import type { WidgetProps } from '@rjsf/utils';
import { FilteredInput } from './FilteredInput';
import { groupDigits } from './format';

/** Membership numbers: digits typed, shown as 123-456-789-0. */
export function MemberNumberWidget(props: WidgetProps) {
  return <FilteredInput {...props} options={{ allowedChars: '[0-9-]', inputMode: 'numeric', ...props.options }} format={(t) => groupDigits(t, [3, 3, 3, 1])} />;
}
