/** The modal for dialogs of pages that every visitor loads (Cancel Enrollment, the security seal): its code loads
 *  when one first opens, so the welcome page's script does not carry it. Closed, it draws nothing (nor does the
 *  server). */
import { lazy, Suspense } from 'react';
import type { ModalProps } from './Modal';

const Modal = lazy(() => import('./Modal').then((m) => ({ default: m.Modal })));

export function LazyModal(props: ModalProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <Modal {...props} />
    </Suspense>
  );
}
