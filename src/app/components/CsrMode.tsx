/** Hidden customer-service mode: Ctrl+Shift+Enter toggles it, only where the variant allows it. */
import { useEffect } from 'react';
import { useCsrMode } from '../csrMode';
import { useText, useVariant } from '../words';

export function CsrMode() {
  const { on, toggle } = useCsrMode();
  const text = useText();
  const allowed = Boolean(useVariant().flags.csrMode);
  useEffect(() => {
    if (!allowed) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey && e.shiftKey && e.key === 'Enter') {
        e.preventDefault();
        toggle();
      }
    };
    // As the key goes down: a field stops its keys where they land (widgets/FilteredInput.tsx).
    window.addEventListener('keydown', onKey, { capture: true });
    return () => window.removeEventListener('keydown', onKey, { capture: true });
  }, [toggle, allowed]);
  return on ? <h2 className="csr-mode">{text.csrMode}</h2> : null;
}
