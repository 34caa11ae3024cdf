import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App';
import './styles.css';
import { applyBrand } from './brand';
import { variant } from './variant';
import { adoptLanguage, chooseLanguage, firstLanguage, inlineCopy, languages } from './copy';
import { CHUNK_FAILED } from '../engine/loading';

applyBrand(variant);

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// The server wrote the page's words, and for the welcome, fee, maintenance and not-found pages the page itself:
// take over what is shown (no second drawing). Otherwise load the words first (English if the chosen language
// cannot load), then draw.
const inline = inlineCopy();
if (inline) {
  adoptLanguage(inline.language, inline.copy);
  if (root.hasChildNodes()) hydrateRoot(root, app);
  else createRoot(root).render(app);
} else {
  chooseLanguage(firstLanguage())
    .catch(() => chooseLanguage(languages[0]))
    .then(
      () => createRoot(root).render(app),
      () => {
        // No words could load, in any language: the spec's own error is all there is to say.
        root.textContent = CHUNK_FAILED;
      },
    );
}
