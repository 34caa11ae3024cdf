import type { WidgetProps } from '@rjsf/utils';
import { FilteredInput } from './FilteredInput';

/** Membership numbers: digits typed, formatted by the field's mask (123-456-789-0). */
export function MemberNumberWidget(props: WidgetProps) {
  return <FilteredInput {...props} />;
}
