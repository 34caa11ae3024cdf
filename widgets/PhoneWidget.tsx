import type { WidgetProps } from '@rjsf/utils';
import { FilteredInput } from './FilteredInput';

/** Phone numbers: formatted by the field's mask as typed, with the phone keypad. */
export function PhoneWidget(props: WidgetProps) {
  return <FilteredInput {...props} options={{ inputMode: 'tel', ...props.options }} />;
}
