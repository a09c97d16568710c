// What the app and other features use of the Settings dialog (docs/architecture.md#crm-features); the
// dialog itself is loaded on first use (SettingsProvider.tsx).
export { useSettingsDialog } from './settings-context.ts';
export { SettingsProvider } from './SettingsProvider.tsx';
