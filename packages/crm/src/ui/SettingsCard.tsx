import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { Card, type FormInstance, Typography } from 'antd';
import { type ReactNode, useId } from 'react';
import { LoadingSkeleton } from './LoadingSkeleton.tsx';
import { QueryErrorAlert } from './QueryErrorAlert.tsx';
import { showServerIssues } from './server-issues.ts';
import type { Toast } from './use-toast.ts';

/**
 * A card of company settings (the Settings section shows them): a region named by its heading, the read's error with
 * a retry, a skeleton while it loads, and the form once the settings are there.
 */
export function SettingsCard({
  title,
  view,
  skeletonRows,
  children,
}: {
  title: string;
  view: Pick<UseQueryResult, 'isError' | 'error' | 'isPending' | 'refetch'>;
  skeletonRows: number;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Card
      role="region"
      aria-labelledby={headingId}
      title={
        <Typography.Title level={2} id={headingId} className="card-heading">
          {title}
        </Typography.Title>
      }
    >
      {view.isError && view.error ? <QueryErrorAlert error={view.error} onRetry={() => void view.refetch()} /> : null}
      {view.isPending ? <LoadingSkeleton rows={skeletonRows} /> : null}
      {children}
    </Card>
  );
}

/** What saveSettings needs of a shared (zod) schema; the CRM does not depend on zod itself. */
interface SettingsSchema<T> {
  safeParse(
    value: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> } };
}

/**
 * Saves a settings form: the shared schema's issues go on their fields first (nothing is sent), then
 * the server's; what belongs to no field is a toast.
 */
export function saveSettings<T>(options: {
  form: FormInstance;
  schema: SettingsSchema<T>;
  values: unknown;
  fields: readonly string[];
  save: Pick<UseMutationResult<unknown, Error, T>, 'mutate'>;
  toast: Toast;
  messages: { saved: string; failed: string };
}): void {
  const { form, fields, save, toast, messages } = options;
  const parsed = options.schema.safeParse(options.values);
  if (!parsed.success) {
    form.setFields(parsed.error.issues.map((issue) => ({ name: issue.path as never, errors: [issue.message] })));
    return;
  }
  save.mutate(parsed.data, {
    onSuccess: () => toast.success(messages.saved),
    onError: (error) => {
      const rest = showServerIssues(form, error, fields);
      if (rest.length > 0) toast.error(messages.failed, rest.join(' '));
    },
  });
}
