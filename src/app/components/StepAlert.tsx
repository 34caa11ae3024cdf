/** A dismissible danger alert for an error on a whole object, configured in the root uiSchema:
 *  "ui:options": { "alerts": { "additionalCard": { "text": "..." } } } — the error message is its title. The uiSchema
 *  is the step's in the page's language. */
import { useState } from 'react';
import type { RJSFValidationError, UiSchema } from '@rjsf/utils';

export function StepAlert({ uiSchema, errors, dismissLabel }: { uiSchema: UiSchema; errors: RJSFValidationError[]; dismissLabel: string }) {
  const alerts = (uiSchema['ui:options']?.alerts ?? {}) as Record<string, { text?: string }>;
  const [dismissed, setDismissed] = useState<RJSFValidationError[] | null>(null);
  if (dismissed === errors) return null;
  const hits = errors.flatMap((e) => {
    const alert = alerts[(e.property ?? '').replace(/^\./, '')];
    return alert ? [{ error: e, alert }] : [];
  });
  if (hits.length === 0) return null;
  return (
    <>
      {hits.map(({ error, alert }) => (
        <div key={error.property} className="alert danger" role="alert">
          <p className="alert-title">{error.message}</p>
          {alert.text && <p>{alert.text}</p>}
          <button type="button" className="alert-close" aria-label={dismissLabel} onClick={() => setDismissed(errors)}>
            ×
          </button>
        </div>
      ))}
    </>
  );
}
