import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App';
import './styles.css';
import { adoptLanguage, inlineWords } from './words';
import { CHUNK_FAILED } from '../engine/loading';
import { keepPresses } from './keepPresses';

keepPresses();

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// The server wrote the page's words (and its language and colours), and for the welcome, fee, maintenance and
// not-found pages the page itself: take over what is shown, with no second drawing. Without a server that did
// (the development server), set them here first.
const inline = inlineWords();
if (inline) {
  adoptLanguage(inline.language, inline.words);
  if (root.hasChildNodes()) hydrateRoot(root, app);
  else createRoot(root).render(app);
} else {
  import('./withoutServer')
    .then((m) => m.prepareWithoutServer())
    .then(
      () => createRoot(root).render(app),
      () => {
        // No words could load, in any language: the spec's own error is all there is to say.
        root.textContent = CHUNK_FAILED;
      },
    );
}
