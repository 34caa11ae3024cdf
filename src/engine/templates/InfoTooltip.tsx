/** An info toggletip beside a label: Enter (or a click) shows it, Escape hides it; the text is announced. */
import { useId, useState } from 'react';
import { fill } from '../fill';

/** describe: the button's words for a screen reader, '{label}' being the field's label. */
export function InfoTooltip({ label, text, describe }: { label: string; text: string; describe: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <span className="info">
      <button
        type="button"
        className="info-button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && open) {
            e.stopPropagation();
            setOpen(false);
          }
        }}
        onBlur={() => setOpen(false)}
      >
        <span aria-hidden="true">i</span>
        <span className="visually-hidden">{fill(describe, { label })}</span>
      </button>
      <span id={id} role="status" className="info-text">
        {open ? text : ''}
      </span>
    </span>
  );
}
