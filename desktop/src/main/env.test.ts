import { describe, expect, it } from 'vitest';
import { readDesktopEnv } from './env.ts';

describe('readDesktopEnv', () => {
  it('reads the dev server and profile directory while developing', () => {
    expect(
      readDesktopEnv(
        { ELECTRON_RENDERER_URL: 'http://localhost:5175/', SHINE_DESKTOP_USER_DATA: '/tmp/profile' },
        false,
      ),
    ).toEqual({ rendererDevUrl: 'http://localhost:5175/', userDataDir: '/tmp/profile' });
    expect(readDesktopEnv({}, false)).toEqual({ rendererDevUrl: null, userDataDir: null });
  });

  it('ignores both in a packaged app, whatever the environment says', () => {
    expect(
      readDesktopEnv(
        { ELECTRON_RENDERER_URL: 'http://localhost:5175/', SHINE_DESKTOP_USER_DATA: '/tmp/profile' },
        true,
      ),
    ).toEqual({ rendererDevUrl: null, userDataDir: null });
  });

  it('fails fast on a malformed value', () => {
    expect(() => readDesktopEnv({ ELECTRON_RENDERER_URL: 'not a url' }, false)).toThrow();
    expect(() => readDesktopEnv({ ELECTRON_RENDERER_URL: 'https://localhost:5175' }, false)).toThrow();
  });
});
