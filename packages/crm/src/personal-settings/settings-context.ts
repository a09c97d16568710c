import { createContext, useContext } from 'react';

export interface SettingsDialogControl {
  open(): void;
}

export const SettingsDialogContext = createContext<SettingsDialogControl>({ open: () => {} });

export function useSettingsDialog(): SettingsDialogControl {
  return useContext(SettingsDialogContext);
}
