import type { WidgetProps } from '@rjsf/utils';

/** A boolean shown as a link-styled button that reveals (true) or hides (false) an option. */
export function RevealLinkWidget(props: WidgetProps) {
  const { id, value, onChange, label, options } = props;
  const open = value === true;
  return (
    <button type="button" id={id} className="link-button" aria-expanded={open} onClick={() => onChange(!open)}>
      {open ? ((options.closeLabel as string | undefined) ?? label) : label}
    </button>
  );
}
