/** Build-time stand-in for markdown-to-jsx, which RJSF imports for rich descriptions. Our schemas hold plain
 *  text only, so the text is rendered as is (escaped by React) and the markdown parser stays out of the bundle. */
import type { ReactNode } from 'react';

export function Markdown({ children }: { children?: ReactNode }) {
  return <>{children}</>;
}

export default Markdown;
