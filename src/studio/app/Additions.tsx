/** The studio's additions: a new partner, and a field of a partner's own (both kept until saved). */
import { useState } from 'react';
import type { Edit } from '../workspace';
import { api, nameOf, valuesOf } from './changes';

/** A new partner, as npm run variant:new makes it (kept here until saved). */
export function AddPartner({ onAdded }: { onAdded: (edits: Edit[], name: string) => void }) {
  const [message, setMessage] = useState('');
  return (
    <form
      className="addition"
      aria-labelledby="add-partner"
      onSubmit={(e) => {
        e.preventDefault();
        const v = valuesOf(e.currentTarget);
        void api<{ edits?: Edit[]; message?: string }>('partner', { name: v.name, title: v.title || undefined, phone: v.phone || undefined }).then(({ status, data }) => {
          if (status === 200 && data.edits) {
            setMessage(`Partner ${v.name} added; it is saved with your other changes.`);
            onAdded(data.edits, v.name);
          } else setMessage(data.message ?? 'The partner could not be added.');
        });
      }}
    >
      <h2 id="add-partner">Add a partner</h2>
      <label>
        <span>Name (its host label)</span>
        <input name="name" required pattern="[a-z][a-z0-9\-]{1,30}" />
      </label>
      <label>
        <span>Title</span>
        <input name="title" />
      </label>
      <label>
        <span>Help phone</span>
        <input name="phone" placeholder="1-800-555-0100" />
      </label>
      <button type="submit">Add partner</button>
      <p role="status">{message}</p>
    </form>
  );
}

/** A field of the partner's own on this step, from a shared definition. */
export function AddField({ partner, step, languages, definitions, onAdded }: { partner: string; step: string; languages: string[]; definitions: string[]; onAdded: (edits: Edit[]) => void }) {
  const [message, setMessage] = useState('');
  return (
    <form
      className="addition"
      aria-labelledby="add-field"
      onSubmit={(e) => {
        e.preventDefault();
        const v = valuesOf(e.currentTarget);
        const byLanguage = (prefix: string) => Object.fromEntries(languages.map((l) => [l, v[`${prefix}-${l}`] ?? '']));
        void api<{ edits?: Edit[]; message?: string }>('field', { partner, step, name: v.name, definition: v.definition, label: byLanguage('label'), required: v.required === 'on' ? byLanguage('missing') : undefined }).then(({ status, data }) => {
          if (status === 200 && data.edits) {
            setMessage(`Field ${v.name} added to ${partner}.`);
            onAdded(data.edits);
          } else setMessage(data.message ?? 'The field could not be added.');
        });
      }}
    >
      <h2 id="add-field">Add a field of {partner}'s own</h2>
      <label>
        <span>Field name</span>
        <input name="name" required />
      </label>
      <div>
        <label htmlFor="new-field-definition">Rules from the definition</label>
        <select id="new-field-definition" name="definition">
          {definitions.map((d) => (
            <option key={d}>{d}</option>
          ))}
        </select>
      </div>
      <fieldset className="words">
        <legend>Label of the new field</legend>
        {languages.map((l) => (
          <label key={l}>
            <span>{nameOf(l)}</span>
            <input name={`label-${l}`} />
          </label>
        ))}
      </fieldset>
      <label className="check">
        <input type="checkbox" name="required" defaultChecked /> Required
      </label>
      <fieldset className="words">
        <legend>Message when the new field is missing</legend>
        {languages.map((l) => (
          <label key={l}>
            <span>{nameOf(l)}</span>
            <input name={`missing-${l}`} />
          </label>
        ))}
      </fieldset>
      <button type="submit">Add field</button>
      <p role="status">{message}</p>
    </form>
  );
}
