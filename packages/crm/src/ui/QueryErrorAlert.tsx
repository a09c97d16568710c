import { Alert, Button } from 'antd';

/** A failed read, with its server message and a way to try again. */
export function QueryErrorAlert({ error, onRetry }: { error: Error; onRetry?: () => void }) {
  return (
    <Alert
      type="error"
      showIcon
      title="Could not load data"
      description={error.message}
      action={
        onRetry ? (
          <Button size="small" onClick={onRetry}>
            Retry
          </Button>
        ) : undefined
      }
    />
  );
}
