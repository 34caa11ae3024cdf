import type { WidgetProps } from '@rjsf/utils';
import { FilteredInput } from './FilteredInput';

/** The default text field, with the keystroke filter of its uiSchema. */
export function TextWidget(props: WidgetProps) {
  return <FilteredInput {...props} />;
}
