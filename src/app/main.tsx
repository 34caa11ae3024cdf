import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import './styles.css';
import { applyBrand } from './brand';
import { variant } from './variant';
import { chooseLanguage, firstLanguage, languages } from './copy';
import { CHUNK_FAILED } from '../engine/loading';

applyBrand(variant);

const render = () =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );

// The page's words load first (a small chunk per language); English if the chosen language cannot load.
chooseLanguage(firstLanguage())
  .catch(() => chooseLanguage(languages[0]))
  .then(render, () => {
    // No words could load, in any language: the spec's own error is all there is to say.
    document.getElementById('root')!.textContent = CHUNK_FAILED;
  });
