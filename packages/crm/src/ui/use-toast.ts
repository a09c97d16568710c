import { App } from 'antd';
import type { ReactNode } from 'react';
import { useMemo } from 'react';

export interface Toast {
  success(title: string, description?: ReactNode): void;
  error(title: string, description?: ReactNode): void;
}

/**
 * One toast channel for the whole CRM: antd notifications limited to one at a time for 5 s
 * (configured on <App> in CrmApp), so no two toasts are ever visible together.
 */
export function useToast(): Toast {
  const { notification } = App.useApp();
  return useMemo(
    () => ({
      success: (title, description) => notification.success({ title, description, role: 'status' }),
      error: (title, description) => notification.error({ title, description, role: 'alert' }),
    }),
    [notification],
  );
}
