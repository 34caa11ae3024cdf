import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App';
import { variant } from './variant';
import { DrawnSteps, drawnStepAt, drawnSteps, type LoadedSteps } from './drawnStep';
import './styles.css';
import { adoptLanguage, inlineWords } from './words';
import { CHUNK_FAILED, withTimeout } from '../engine/loading';
import { keepPresses } from './keepPresses';
import { keepEarlyNext } from '../engine/earlyNext';

keepPresses();

const root = document.getElementById('root')!;
const app = (drawn: LoadedSteps | null = null) => (
  <StrictMode>
    <DrawnSteps value={drawn}>
      <App />
    </DrawnSteps>
  </StrictMode>
);

/** The step the server drew, loaded (with the wizard's code) before it is taken over: the wizard's first drawing
 *  must be the page's (drawnStep.ts). A step that cannot load is taken over without it, and the wizard says so. */
async function drawnStep(language: string): Promise<LoadedSteps | null> {
  const step = drawnStepAt(variant.steps, window.location.pathname);
  if (!step) return null;
  // (A download that hangs gives up as any chunk does; the page is then taken over without the step.)
  const [{ loadStep }] = await withTimeout(() => Promise.all([import('./stepModule'), import('./pages/Wizard')]));
  return withTimeout(() => loadStep(step.id, language)).then(
    (module) => drawnSteps(step, language, module),
    () => null,
  );
}

// The server wrote the page's words (and its language and colours), and for the welcome, fee, maintenance and
// not-found pages and step 1 the page itself: take over what is shown, with no second drawing. Without a server that
// did (the development server), set them here first.
const inline = inlineWords();
if (inline) {
  adoptLanguage(inline.language, inline.words);
  if (!root.hasChildNodes()) createRoot(root).render(app());
  else {
    // A Next pressed while the step's code loads is pressed again once the form is taken over (earlyNext.ts).
    const heardByReact = keepEarlyNext(root);
    void drawnStep(inline.language)
      .catch(() => null)
      .then((drawn) => {
        heardByReact();
        hydrateRoot(root, app(drawn));
      });
  }
} else {
  import('./withoutServer')
    .then((m) => m.prepareWithoutServer())
    .then(
      () => createRoot(root).render(app()),
      () => {
        // No words could load, in any language: the spec's own error is all there is to say.
        root.textContent = CHUNK_FAILED;
      },
    );
}
