import { lazy, type ReactNode, Suspense, useEffect, useMemo, useState } from 'react';
import { usePlatform } from '../platform/platform.ts';
import { SettingsDialogContext } from './settings-context.ts';

const SettingsDialog = lazy(() => import('./SettingsDialog.tsx').then((m) => ({ default: m.SettingsDialog })));

/** Holds the Settings dialog (loaded on first use) and opens it from the desktop app's menu too. */
export function SettingsProvider({ children }: { children: ReactNode }) {
  const { onOpenSettings } = usePlatform();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const control = useMemo(
    () => ({
      open: () => {
        setLoaded(true);
        setOpen(true);
      },
    }),
    [],
  );

  useEffect(() => onOpenSettings?.(control.open), [onOpenSettings, control]);

  return (
    <SettingsDialogContext.Provider value={control}>
      {children}
      {loaded ? (
        <Suspense fallback={null}>
          <SettingsDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </SettingsDialogContext.Provider>
  );
}
