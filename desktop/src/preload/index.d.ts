import type { ShineDesktopBridge } from '../common/bridge.ts';

declare global {
  interface Window {
    /** Present only inside the desktop app (see src/preload/index.ts). */
    shineDesktop?: ShineDesktopBridge;
  }
}
