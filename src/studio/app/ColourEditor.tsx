/** A partner's colours, with their contrast as they are typed, and its logo, in the studio. */
import { useState } from 'react';
import type { Colour } from '../pages';
import type { Edit } from '../workspace';
import type { Problem } from '../../../scripts/check-config';
import { contrastWithWhite, MIN_CONTRAST } from '../../build/contrast';
import { api, keyOf, type Change, type SetChange } from './changes';
import { Finding } from './Finding';

/** What each of a partner's colours paints (white text sits on both). */
const COLOUR_NAMES: Record<string, string> = { brand: 'Header and buttons', 'brand-dark': 'Buttons under the pointer' };
const HEX = /^#[0-9a-fA-F]{6}$/;
/** A new logo for the partner, checked by the server as the build checks it, kept until Save. */
function LogoInput({ partner, onAdded }: { partner: string; onAdded: (edits: Edit[]) => void }) {
  const [message, setMessage] = useState('');
  return (
    <div className="colour">
      <label htmlFor="new-logo">New logo (SVG or PNG, at most 100 KB)</label>
      <input
        id="new-logo"
        type="file"
        accept=".svg,.png,image/svg+xml,image/png"
        aria-describedby="logo-status"
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          if (!file) return;
          void file
            .arrayBuffer()
            .then((buffer) => {
              let binary = '';
              for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
              return api<{ edits?: Edit[]; message?: string }>('logo', { partner, name: file.name, data: btoa(binary) });
            })
            .then(({ status, data }) => {
              if (status === 200 && data.edits) {
                onAdded(data.edits);
                setMessage(`${file.name} is the logo in the preview; it replaces ${partner}'s on Save.`);
              } else setMessage(data.message ?? 'The logo could not be taken.');
            });
        }}
      />
      <p id="logo-status" role="status">
        {message}
      </p>
    </div>
  );
}

/** The partner's colours, each with its contrast against the white text set on it as the analyst types, and its logo. */
export function ColourEditor({ partner, colours, changes, setChange, problems, onLogo }: { partner: string; colours: Colour[]; changes: Map<string, Change>; setChange: SetChange; problems: Problem[]; onLogo: (edits: Edit[]) => void }) {
  return (
    <section className="field-editor" aria-labelledby="colours-title">
      <h2 id="colours-title">Colours and logo</h2>
      {colours.map((colour) => {
        const change = changes.get(keyOf(colour.place.file, colour.place.path));
        const value = change?.kind === 'text' ? (change.value as string) : colour.value;
        const set = (next: string) => setChange(keyOf(colour.place.file, colour.place.path), { kind: 'text', place: colour.place, original: colour.value, value: next, ...(HEX.test(next) ? {} : { unfinished: true }) });
        const valid = HEX.test(value);
        const ratio = valid ? contrastWithWhite(value) : 0;
        const found = problems.filter((p) => p.file === colour.place.file && p.pointer === `/${colour.place.path.join('/')}`);
        return (
          <div key={colour.name} className="colour">
            <label htmlFor={`colour-${colour.name}`}>
              {COLOUR_NAMES[colour.name] ?? colour.name} ({colour.name})
            </label>
            <input id={`colour-${colour.name}`} value={value} aria-invalid={!valid || ratio < MIN_CONTRAST ? true : undefined} aria-describedby={`contrast-${colour.name}`} onChange={(e) => set(e.currentTarget.value.trim())} />
            <input type="color" aria-label={`Pick the colour: ${COLOUR_NAMES[colour.name] ?? colour.name}`} value={valid ? value.toLowerCase() : '#000000'} onChange={(e) => set(e.currentTarget.value)} />
            <p id={`contrast-${colour.name}`} className={valid && ratio >= MIN_CONTRAST ? undefined : 'findings'}>
              {!valid
                ? 'Write the colour as # and six hexadecimal digits (#0b4f8a).'
                : `White text on it: ${ratio.toFixed(2)}:1, ${ratio >= MIN_CONTRAST ? `at least ${MIN_CONTRAST}:1, readable.` : `below ${MIN_CONTRAST}:1: choose a darker colour.`}`}
            </p>
            {found.map((p, i) => (
              <p key={i} className="findings">
                <Finding problem={p} />
              </p>
            ))}
          </div>
        );
      })}
      <LogoInput key={partner} partner={partner} onAdded={onLogo} />
    </section>
  );
}
