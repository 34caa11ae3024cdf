/** A step's field in the studio: a form drawn by the site's own engine from the field meta-schema
 *  (src/studio/fieldForm.ts): its label, help text, limits, typed format or pattern, and each rule's message in every
 *  language; the check's findings above it, each linked to the text it names. The preview and the check follow each
 *  key. */
import { useEffect, useMemo, useState } from 'react';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import type { FieldInfo } from '../fields';
import type { Problem } from '../../../scripts/check-config';
import { StepForm } from '../../engine/StepForm';
import type { EngineWords } from '../../engine/formContext';
import type { StepModule } from '../../engine/types';
import { widgets } from '../../../widgets';
import { api, keyOf, type Change, type SetChange } from './changes';
import { fieldChanges, fieldData, fieldTexts, staleCleared, typed } from './fieldData';
import { Finding } from './Finding';
import { titleOf } from '../fieldTitles';
import { pointerOf, pointerToken } from '../../build/jsonPointer';

/** A finding names an English text in its words, or in its pointer (escaped as a JSON Pointer). */
export const names = (p: Problem, english: string): boolean => english !== '' && [english, pointerToken(english)].some((said) => `${p.pointer} ${p.problem}`.includes(said));

/** The field's texts as they now read in English, each with the id of its English box in the field's form. */
const textsOf = (field: FieldInfo, changes: Map<string, Change>): { english: string; box: string; title: string }[] =>
  fieldTexts(field).map(([path, w]) => {
    const change = changes.get(keyOf(w.place.file, w.place.path));
    return { english: change?.kind === 'words' ? change.english : w.english, box: `root_${path.join('_')}_en`, title: titleOf(path[0], path[1]) };
  });

/** The field's own keywords (its pattern or format, its limits) a finding is at: by the file and JSON Pointer of their
 *  place (a partner's finding names the standard file patched by the partner's), each with its box in the form. */
const keywordsAt = (field: FieldInfo, p: Problem): { box: string; name: string }[] =>
  [...(field.form ? [field.form] : []), ...field.limits]
    .filter((k) => p.file.split(' patched by ').includes(k.place.file) && p.pointer === pointerOf(k.place.path))
    .map((k) => ({ box: `root_${k.keyword}`, name: titleOf(k.keyword) }));

export const findingsOf = (field: FieldInfo, problems: Problem[], changes: Map<string, Change>): Problem[] => {
  const texts = textsOf(field, changes);
  return problems.filter((p) => texts.some((t) => names(p, t.english)) || keywordsAt(field, p).length > 0);
};

/** A link to the box of a text a finding names: it takes the focus there, as the site's error summary does. */
function ToBox({ box, name }: { box: string; name: string }) {
  return (
    <a
      href={`#${box}`}
      onClick={(e) => {
        e.preventDefault();
        document.getElementById(box)?.focus();
      }}
    >
      Go to {name}
    </a>
  );
}

interface Props {
  partner: string;
  step: string;
  field: FieldInfo;
  /** Drawn afresh after a save. */
  revision: number;
  changes: Map<string, Change>;
  setChange: SetChange;
  problems: Problem[];
}

export function FieldEditor({ partner, step, field, revision, changes, setChange, problems }: Props) {
  const [form, setForm] = useState<{ for: string; module: StepModule; words: EngineWords } | null>(null);
  const drawn = `${partner}/${step}/${field.path}/${revision}`;
  useEffect(() => {
    let gone = false;
    void api<{ module: string; uiSchema: StepModule['uiSchema']; words: EngineWords }>(`field-form?partner=${encodeURIComponent(partner)}&step=${encodeURIComponent(step)}&field=${encodeURIComponent(field.path)}`).then(async ({ status, data }) => {
      if (status !== 200) return;
      const validators = (await import(/* @vite-ignore */ data.module)) as { default: StepModule['validateFns']; schema: StepModule['schema'] };
      if (!gone) setForm({ for: drawn, module: { schema: validators.schema, uiSchema: data.uiSchema, validateFns: validators.default }, words: data.words });
    });
    return () => {
      gone = true;
    };
  }, [partner, step, field.path, revision, drawn]);
  const validator = useMemo(() => form && createPrecompiledValidator(form.module.validateFns, form.module.schema), [form]);
  const found = findingsOf(field, problems, changes);
  return (
    <section className="field-editor" aria-labelledby="field-title">
      <h2 id="field-title">{field.path}</h2>
      {found.length > 0 && (
        <div className="findings" id={`findings-${field.path}`}>
          <p>The check found, at this field:</p>
          <ul>
            {found.map((p, i) => (
              <li key={i}>
                <Finding problem={p} />{' '}
                {[...textsOf(field, changes).filter((t) => names(p, t.english)).map((t) => ({ box: t.box, name: `${t.title}, in English` })), ...keywordsAt(field, p)].map((t) => (
                  <ToBox key={t.box} box={t.box} name={t.name} />
                ))}
              </li>
            ))}
          </ul>
        </div>
      )}
      {form?.for === drawn && validator ? (
        <StepForm
          key={drawn}
          module={form.module}
          formData={fieldData(field, changes)}
          widgets={widgets}
          words={form.words}
          updateFormData={(data) => staleCleared(field, data)}
          onChange={(shown) => {
            // What the form's own rules refuse (a limit out of range) is kept as typed, unbuilt, until it is right.
            const refused = new Set(validator.validateFormData(typed(field, shown), form.module.schema).errors.map((e) => (e.property ?? '').split('.')[1]));
            for (const [key, change] of fieldChanges(field, shown, refused)) if (JSON.stringify(change) !== JSON.stringify(changes.get(key))) setChange(key, change);
          }}
          onNext={() => undefined}
          actions={() => null}
        />
      ) : (
        <p aria-busy="true">Loading the field…</p>
      )}
    </section>
  );
}
