// @vitest-environment jsdom
/** A screen whose code loads apart (src/app/lazy.ts): once its code is here it is drawn in the very render that
 *  reaches it. The wizard awaits `ready` before it moves to the review or the outcome, and moves in one render: a
 *  moment of the loading state there would show the new title over the loading words. */
import { Suspense } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyPage } from '../../src/app/lazy';

afterEach(cleanup);

const code = async () => ({ Hello: ({ name }: { name: string }) => <p>Hello {name}</p> });
const drawn = (Screen: ReturnType<typeof lazyPage<Awaited<ReturnType<typeof code>>, 'Hello'>>) =>
  render(
    <Suspense fallback={<p>Loading</p>}>
      <Screen name="Pat" />
    </Suspense>,
  );

describe('a screen whose code loads apart', () => {
  it('is drawn in the render that reaches it once its code is here, never through the loading state', async () => {
    const Screen = lazyPage(code, 'Hello');
    await Screen.ready();
    drawn(Screen);
    expect(screen.getByText('Hello Pat')).toBeTruthy();
    expect(screen.queryByText('Loading')).toBeNull();
  });

  it('shows the loading state while its code is on its way, then the screen', async () => {
    const Screen = lazyPage(code, 'Hello');
    drawn(Screen);
    expect(screen.getByText('Loading')).toBeTruthy();
    expect(await screen.findByText('Hello Pat')).toBeTruthy();
  });

  it('asks for its code once: a press that awaits `ready` again runs no import (each walks the preload list), yet prepares again', async () => {
    let imports = 0;
    let prepared = 0;
    const Screen = lazyPage(
      () => {
        imports++;
        return code();
      },
      'Hello',
      () => {
        prepared++;
      },
    );
    await Screen.ready();
    await Screen.ready();
    expect([imports, prepared]).toEqual([1, 2]);
  });

  it('asks for its code again after a load that failed', async () => {
    let imports = 0;
    const Screen = lazyPage(() => (++imports === 1 ? Promise.reject(new Error('offline')) : code()), 'Hello');
    await Screen.ready();
    await Screen.ready();
    drawn(Screen);
    expect(screen.getByText('Hello Pat')).toBeTruthy();
    expect(imports).toBe(2);
  });

  it('is ready, not failed, when its code cannot be loaded: drawing it then fails as before', async () => {
    const Screen = lazyPage(() => Promise.reject(new Error('offline')), 'Hello' as never);
    await expect(Screen.ready()).resolves.toBeUndefined();
  });
});
