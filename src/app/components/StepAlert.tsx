/** A dismissible danger alert for an error on a whole object, configured in the root uiSchema:
 *  "ui:options": { "alerts": { "additionalCard": { "text": "..." } } } — the error message is its title. */
import { useState } from 'react';
import type { RJSFValidationError, UiSchema } from '@rjsf/utils';

export function StepAlert({ uiSchema, errors }: { uiSchema: UiSchema; errors: RJSFValidationError[] }) {
  const alerts = (uiSchema['ui:options']?.alerts ?? {}) as Record<string, { text?: string }>;
  const [dismissed, setDismissed] = useState<RJSFValidationError[] | null>(null);
  if (dismissed === errors) return null;
  const hits = errors.filter((e) => (e.property ?? '').replace(/^\./, '') in alerts);
  if (hits.length === 0) return null;
  return (
    <>
      {hits.map((e) => (
        <div key={e.property} className="alert danger" role="alert">
          <p className="alert-title">{e.message}</p>
          {alerts[(e.property ?? '').replace(/^\./, '')].text && <p>{alerts[(e.property ?? '').replace(/^\./, '')].text}</p>}
          <button type="button" className="alert-close" aria-label="Dismiss" onClick={() => setDismissed(errors)}>
            ×
          </button>
        </div>
      ))}
    </>
  );
}
