import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';

// Testing Library cleans up by itself only with Vitest globals; say it here.
afterEach(async () => {
  if (typeof document !== 'undefined') (await import('@testing-library/react')).cleanup();
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
