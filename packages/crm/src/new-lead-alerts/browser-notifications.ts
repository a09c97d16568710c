import type { NotificationPermissionState, SystemNotifications } from '../platform/platform.ts';

/** The browser's Notification API as SystemNotifications; undefined where the browser has none. */
export function browserNotifications(): SystemNotifications | undefined {
  if (typeof Notification === 'undefined') return undefined;
  return {
    permission: () => Notification.permission as NotificationPermissionState,
    requestPermission: async () => (await Notification.requestPermission()) as NotificationPermissionState,
    show: ({ title, body, tag }, onOpen) => {
      if (Notification.permission !== 'granted') return;
      const notification = new Notification(title, { body, tag });
      notification.onclick = () => {
        window.focus();
        onOpen();
        notification.close();
      };
    },
  };
}
