/** IPC channel names shared by the main process and the preload bridge; nothing else may use IPC. */
export const IPC_CHANNELS = {
  getSettings: 'shine:settings:get',
  testServerUrl: 'shine:server-url:test',
  setServerUrl: 'shine:server-url:set',
  getAppInfo: 'shine:app-info:get',
  /** main → renderer: the menu's Settings… item. */
  openSettings: 'shine:settings:open',
  /** main → renderer: a forwarded `/api` request could not reach the server. */
  serverUnreachable: 'shine:server:unreachable',
  /** A native notification (a new lead), and the count on the dock or taskbar icon. */
  showNotification: 'shine:notification:show',
  setBadgeCount: 'shine:badge:set',
  /** main → renderer: the person clicked a notification; the argument is its tag. */
  notificationClicked: 'shine:notification:clicked',
} as const;

export type IpcInvokeChannel =
  | typeof IPC_CHANNELS.getSettings
  | typeof IPC_CHANNELS.testServerUrl
  | typeof IPC_CHANNELS.setServerUrl
  | typeof IPC_CHANNELS.getAppInfo
  | typeof IPC_CHANNELS.showNotification
  | typeof IPC_CHANNELS.setBadgeCount;
