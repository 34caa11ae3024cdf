/** A partner's settings in the studio: a form drawn by the site's own engine from the settings' schema. */
import { useEffect, useState } from 'react';
import type { SettingsForm } from '../settings';
import { StepForm } from '../../engine/StepForm';
import type { EngineWords } from '../../engine/formContext';
import type { StepModule } from '../../engine/types';
import { widgets } from '../../../widgets';
import { api, keyOf, type Change, type SetChange } from './changes';

type Settings = Record<string, unknown>;
/** The leaves of the settings form (a setting, or a setting of a group such as links): their paths. */
const leaves = (schema: StepModule['schema'], at: string[] = []): string[][] =>
  Object.entries((schema.properties ?? {}) as Record<string, StepModule['schema']>).flatMap(([name, child]) => (child.type === 'object' ? leaves(child, [...at, name]) : [[...at, name]]));
const valueAt = (data: Settings, path: string[]): unknown => path.reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Settings)[key] : undefined), data);
const withValue = (data: Settings, [head, ...rest]: string[], value: unknown): Settings => ({ ...data, [head]: rest.length ? withValue((data[head] as Settings) ?? {}, rest, value) : value });

/** The partner's settings, a form drawn by the site's own engine from the settings' schema (src/studio/settings.ts);
 *  'Apply' puts what it holds into the changes, and the preview and the check follow. */
export function SettingsEditor({ partner, revision, changes, setChange }: { partner: string; revision: number; changes: Map<string, Change>; setChange: SetChange }) {
  const [form, setForm] = useState<{ module: StepModule; data: Settings; file: string; words: EngineWords } | null>(null);
  const [message, setMessage] = useState('');
  useEffect(() => {
    void api<SettingsForm & { words: EngineWords }>(`settings?partner=${encodeURIComponent(partner)}`).then(async ({ status, data }) => {
      if (status !== 200) return;
      const validators = (await import(/* @vite-ignore */ data.module)) as { default: StepModule['validateFns']; schema: StepModule['schema'] };
      setForm({ module: { schema: validators.schema, uiSchema: data.uiSchema, validateFns: validators.default }, data: data.data, file: data.file, words: data.words });
    });
  }, [partner, revision]);
  if (!form) return <p aria-busy="true">Loading the settings…</p>;
  const paths = leaves(form.module.schema);
  // As the changes have them (an applied setting stays applied while the form is drawn again).
  const shown = paths.reduce((data, path) => {
    const change = changes.get(keyOf(form.file, path));
    return change?.kind === 'setting' ? withValue(data, path, change.value) : data;
  }, form.data);
  return (
    <section className="field-editor settings" aria-labelledby="settings-title">
      <h2 id="settings-title">Partner settings</h2>
      <StepForm
        key={`${partner}/${revision}`}
        module={form.module}
        formData={shown}
        widgets={widgets}
        words={form.words}
        onNext={(data) => {
          for (const path of paths) setChange(keyOf(form.file, path), { kind: 'setting', place: { file: form.file, path }, original: valueAt(form.data, path), value: valueAt(data, path) });
          setMessage('Applied: the preview and the check follow. Save writes them.');
        }}
        actions={() => (
          <div className="actions">
            <button type="submit" className="primary">
              Apply
            </button>
          </div>
        )}
      />
      <p role="status">{message}</p>
    </section>
  );
}
