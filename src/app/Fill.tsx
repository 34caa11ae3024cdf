/** A text with '{name}' places filled by elements (a phone link in a sentence), so the sentence stays whole in the
 *  catalogue and a translation may move the link where its grammar needs it. */
import { Fragment, type ReactNode } from 'react';

export function Fill({ text, values }: { text: string; values: Record<string, ReactNode> }) {
  // split with a capture group: the odd parts are the names.
  const parts = text.split(/\{(\w+)\}/);
  return <>{parts.map((part, i) => (i % 2 === 0 ? part : <Fragment key={i}>{part in values ? values[part] : `{${part}}`}</Fragment>))}</>;
}
