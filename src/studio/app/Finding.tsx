/** One of the configuration check's findings, as the studio shows it wherever it stands: where, what, what to do. */
import type { Problem } from '../../../scripts/check-config';

export const Finding = ({ problem: p }: { problem: Problem }) => (
  <>
    {p.file}: {p.pointer} {p.problem}. <strong>{p.fix}</strong>
  </>
);
