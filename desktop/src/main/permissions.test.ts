import { describe, expect, it, vi } from 'vitest';
import { applyPermissionPolicy, decidePermissionCheck, decidePermissionRequest } from './permissions.ts';

const fromApp = { requestingUrl: 'shine://app/admin/crm', isMainFrame: true };

describe('decidePermissionRequest', () => {
  it.each([
    'media',
    'geolocation',
    'notifications',
    'clipboard-read',
    'clipboard-sanitized-write',
    'display-capture',
    'fullscreen',
    'pointerLock',
    'hid',
    'serial',
    'usb',
    'midiSysex',
    'fileSystem',
    'window-management',
    'unknown',
  ])('denies %s, even to the app itself', (permission) => {
    expect(decidePermissionRequest(permission, fromApp)).toBe(false);
  });

  it('lets the app’s own page hand a mailto: or tel: link to the system', () => {
    expect(decidePermissionRequest('openExternal', { ...fromApp, externalURL: 'mailto:ann@example.com' })).toBe(true);
    expect(decidePermissionRequest('openExternal', { ...fromApp, externalURL: 'tel:+12145550142' })).toBe(true);
  });

  it('denies other external protocols, other origins and sub-frames', () => {
    expect(decidePermissionRequest('openExternal', { ...fromApp, externalURL: 'ms-msdt:/id x' })).toBe(false);
    expect(decidePermissionRequest('openExternal', { ...fromApp, externalURL: 'file:///etc/passwd' })).toBe(false);
    expect(decidePermissionRequest('openExternal', { ...fromApp })).toBe(false);
    expect(
      decidePermissionRequest('openExternal', {
        requestingUrl: 'https://evil.example.com/',
        isMainFrame: true,
        externalURL: 'mailto:a@b.c',
      }),
    ).toBe(false);
    expect(
      decidePermissionRequest('openExternal', { ...fromApp, isMainFrame: false, externalURL: 'mailto:a@b.c' }),
    ).toBe(false);
  });
});

describe('decidePermissionCheck', () => {
  it('answers every check with "denied"', () => {
    for (const permission of ['media', 'notifications', 'clipboard-sanitized-write', 'geolocation', 'unknown']) {
      expect(decidePermissionCheck(permission)).toBe(false);
    }
  });
});

describe('applyPermissionPolicy', () => {
  it('installs deny-by-default handlers for requests, checks, devices and screen capture', () => {
    const session = {
      setPermissionRequestHandler: vi.fn(),
      setPermissionCheckHandler: vi.fn(),
      setDevicePermissionHandler: vi.fn(),
      setDisplayMediaRequestHandler: vi.fn(),
    };
    applyPermissionPolicy(session);

    const request = session.setPermissionRequestHandler.mock.calls[0]?.[0];
    const callback = vi.fn();
    request({}, 'media', callback, { requestingUrl: 'shine://app/admin', isMainFrame: true });
    request({}, 'openExternal', callback, { ...fromApp, externalURL: 'tel:+12145550142' });
    expect(callback.mock.calls).toEqual([[false], [true]]);

    const check = session.setPermissionCheckHandler.mock.calls[0]?.[0];
    expect(check(null, 'notifications', 'shine://app', { isMainFrame: true })).toBe(false);

    const device = session.setDevicePermissionHandler.mock.calls[0]?.[0];
    expect(device({ deviceType: 'usb', origin: 'shine://app' })).toBe(false);

    const displayMedia = session.setDisplayMediaRequestHandler.mock.calls[0]?.[0];
    const streams = vi.fn();
    displayMedia({}, streams);
    expect(streams).toHaveBeenCalledWith(null);
  });
});
