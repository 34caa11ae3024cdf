/** An info toggletip beside a label: Enter (or a click) shows it, Escape hides it; the text is announced. */
import { useId, useState } from 'react';

export function InfoTooltip({ label, text }: { label: string; text: string }) {
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
        <span className="visually-hidden">More information about {label}</span>
      </button>
      <span id={id} role="status" className="info-text">
        {open ? text : ''}
      </span>
    </span>
  );
}
