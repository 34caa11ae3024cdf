import '@testing-library/jest-dom/vitest';
import { afterEach, beforeAll } from 'vitest';

// Testing Library cleans up by itself only with Vitest globals; say it here.
afterEach(async () => {
  if (typeof document !== 'undefined') (await import('@testing-library/react')).cleanup();
});

// Pages read their words from the language's copy, which the site loads before its first page: so do the tests (a
// test that loads the app's modules afresh, under another address, loads it again with tests/words.ts).
beforeAll(async () => {
  if (typeof document !== 'undefined') await (await import('./words')).loadWords();
});

// jsdom has no <dialog> methods; the modal needs showModal/close.
if (typeof window !== 'undefined' && typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
}
