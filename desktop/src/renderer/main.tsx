import { CrmApp, type CrmPlatform } from '@shine/crm';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { ShineDesktopBridge } from '../common/bridge.ts';
import { ConnectionGate } from './ConnectionGate.tsx';
import './gate.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/**
 * Native notifications for the CRM: always allowed (the app is the person's own; the OS has its own
 * switch), each click routed back to the notice's `onOpen` by its tag.
 */
function nativeNotifications(bridge: ShineDesktopBridge): NonNullable<CrmPlatform['notifications']> {
  const openers = new Map<string, () => void>();
  bridge.onNotificationClick((tag) => openers.get(tag)?.());
  return {
    permission: () => 'granted',
    requestPermission: async () => 'granted',
    show: (notice, onOpen) => {
      openers.set(notice.tag, onOpen);
      void bridge.showNotification(notice);
    },
    setBadgeCount: (count) => void bridge.setBadgeCount(count),
  };
}

/** The part of the bridge the CRM uses: choosing the server, the menu's Settings… item, notifications. */
function buildCrmPlatform(bridge: ShineDesktopBridge): CrmPlatform {
  return {
    notifications: nativeNotifications(bridge),
    server: {
      getSettings: () => bridge.getSettings(),
      testServerUrl: (url) => bridge.testServerUrl(url),
      setServerUrl: (url) => bridge.setServerUrl(url),
    },
    onOpenSettings: (listener) => bridge.onOpenSettings(listener),
  };
}

// The one place the renderer reads the bridge from `window`.
const bridge = window.shineDesktop;
if (!bridge)
  console.error('The desktop bridge is missing: the preload script did not run. Showing the CRM without it.');

// The CRM is served at shine://app/admin/..., so its routes and its relative `/api` calls work unchanged.
const crm = <CrmApp basename="/admin" platform={bridge ? buildCrmPlatform(bridge) : {}} />;

createRoot(container).render(
  <StrictMode>{bridge ? <ConnectionGate bridge={bridge}>{crm}</ConnectionGate> : crm}</StrictMode>,
);
