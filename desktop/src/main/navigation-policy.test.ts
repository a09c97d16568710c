import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { applyNavigationPolicy, decideNavigation } from './navigation-policy.ts';

const withServer = { serverUrl: 'https://crm.example.com' };

describe('decideNavigation', () => {
  it.each([
    'shine://app/admin',
    'shine://app/admin/',
    'shine://app/admin/dashboard',
    'shine://app/admin/crm?lead=1#notes',
    'shine://app/admin/crm/leads?lead=1&tab=conversation',
    'shine://app/admin/crm/my-day',
  ])('allows %s (inside the app)', (url) => {
    expect(decideNavigation(url, withServer)).toEqual({ action: 'allow' });
  });

  it('sends other paths of the app origin to the public site on the server, in the browser', () => {
    expect(decideNavigation('shine://app/', withServer)).toEqual({
      action: 'deny',
      openExternally: 'https://crm.example.com/',
    });
    expect(decideNavigation('shine://app/privacy?x=1#top', withServer)).toEqual({
      action: 'deny',
      openExternally: 'https://crm.example.com/privacy?x=1#top',
    });
    expect(decideNavigation('shine://app/', { serverUrl: null })).toEqual({ action: 'deny' });
  });

  it('does not mistake a lookalike path for the app', () => {
    expect(decideNavigation('shine://app/administrator', withServer).action).toBe('deny');
  });

  it.each([
    'https://lonestarshine.example.com/',
    'http://example.com/page',
    'mailto:ann@example.com',
    'file:///etc/passwd',
    'shine://evil/admin',
    'javascript:alert(1)',
  ])('keeps %s out of the window', (url) => {
    const decision = decideNavigation(url, withServer);
    expect(decision.action).toBe('deny');
  });

  it('treats garbage as a denial', () => {
    expect(decideNavigation('not a url', withServer)).toEqual({ action: 'deny' });
  });
});

/** A stand-in for WebContents: a real event emitter plus the window-open handler slot. */
function fakeContents() {
  const emitter = new EventEmitter();
  let windowOpenHandler: ((details: { url: string }) => { action: string }) | undefined;
  const contents = {
    on: (event: string, listener: (...args: unknown[]) => void) => {
      emitter.on(event, listener);
      return contents;
    },
    setWindowOpenHandler: (handler: typeof windowOpenHandler) => {
      windowOpenHandler = handler;
    },
  };
  const fire = (event: string, details: Record<string, unknown>) => {
    const e = { ...details, preventDefault: vi.fn() };
    emitter.emit(event, e);
    return e.preventDefault;
  };
  return { contents, fire, open: (url: string) => windowOpenHandler?.({ url }) };
}

function setup() {
  const openExternal = vi.fn(async (_url: string) => undefined);
  const fake = fakeContents();
  applyNavigationPolicy(fake.contents as never, { openExternal, getContext: () => withServer });
  return { ...fake, openExternal };
}

describe('applyNavigationPolicy', () => {
  it('lets the window move within the app', () => {
    const { fire, openExternal } = setup();
    expect(fire('will-navigate', { url: 'shine://app/admin/dashboard' })).not.toHaveBeenCalled();
    expect(openExternal).not.toHaveBeenCalled();
  });

  it('blocks navigation off the app and opens web links in the system browser', () => {
    const { fire, openExternal } = setup();
    expect(fire('will-navigate', { url: 'https://lonestarshine.example.com/' })).toHaveBeenCalled();
    expect(openExternal).toHaveBeenCalledWith('https://lonestarshine.example.com/');
  });

  it('blocks without opening anything when the target fails the allowlist', () => {
    const { fire, openExternal } = setup();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(fire('will-navigate', { url: 'file:///etc/passwd' })).toHaveBeenCalled();
    expect(fire('will-navigate', { url: 'smb://server/share' })).toHaveBeenCalled();
    expect(openExternal).not.toHaveBeenCalled();
  });

  it('blocks redirects off the app', () => {
    const { fire } = setup();
    expect(fire('will-redirect', { url: 'https://evil.example.com/' })).toHaveBeenCalled();
    expect(fire('will-redirect', { url: 'shine://app/admin/crm' })).not.toHaveBeenCalled();
  });

  it('blocks sub-frames from navigating anywhere off the app', () => {
    const { fire } = setup();
    expect(fire('will-frame-navigate', { url: 'https://evil.example.com/', isMainFrame: false })).toHaveBeenCalled();
  });

  it('never attaches a <webview>', () => {
    const { fire } = setup();
    expect(fire('will-attach-webview', {})).toHaveBeenCalled();
  });

  it('denies every new window; external links go to the system, app links nowhere', () => {
    const { open, openExternal } = setup();
    expect(open('https://maps.example.com/?q=Dallas')).toEqual({ action: 'deny' });
    expect(open('mailto:ann@example.com')).toEqual({ action: 'deny' });
    expect(open('tel:+12145550142')).toEqual({ action: 'deny' });
    expect(open('shine://app/admin/crm')).toEqual({ action: 'deny' });
    expect(open('javascript:alert(1)')).toEqual({ action: 'deny' });
    expect(openExternal.mock.calls.map(([url]) => url)).toEqual([
      'https://maps.example.com/?q=Dallas',
      'mailto:ann@example.com',
      'tel:+12145550142',
    ]);
  });
});
