import type { DesktopBridge } from '@shine/shared/desktop-bridge';

/**
 * What the preload script exposes on `window.shineDesktop`: the shared `DesktopBridge` contract the
 * CRM relies on, plus one desktop-only event used by the connection gate (the app's own first-run
 * and offline screens). The addition is optional for the CRM, which never needs to know about it.
 */
export interface ShineDesktopBridge extends DesktopBridge {
  /** Subscribe to "the server stopped answering" notices; returns an unsubscribe. */
  onServerUnreachable(listener: () => void): () => void;
}

/** The bridge's members, in one list, so the preload test can prove nothing else is exposed. */
export const SHINE_DESKTOP_BRIDGE_METHODS = [
  'getSettings',
  'testServerUrl',
  'setServerUrl',
  'getAppInfo',
  'onOpenSettings',
  'onServerUnreachable',
] as const satisfies ReadonlyArray<keyof ShineDesktopBridge>;
