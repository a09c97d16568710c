import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Space } from 'antd';
import { useEffect, useState } from 'react';
import type { ServerCheckResult, ServerConnection } from '../platform/platform.ts';
import { useToast } from '../ui/use-toast.ts';

type Status =
  | { kind: 'idle' }
  | { kind: 'busy'; action: 'test' | 'save' }
  | { kind: 'result'; result: ServerCheckResult; action: 'test' | 'save' };

/** Desktop only: the URL of the server whose `/api` the app forwards to. */
export function ServerSettingsForm({ server }: { server: ServerConnection }) {
  const [url, setUrl] = useState('');
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const toast = useToast();
  const queryClient = useQueryClient();

  useEffect(() => {
    let alive = true;
    void server.getSettings().then((settings) => {
      if (alive && settings.serverUrl) setUrl(settings.serverUrl);
    });
    return () => {
      alive = false;
    };
  }, [server]);

  const run = async (action: 'test' | 'save') => {
    setStatus({ kind: 'busy', action });
    const trimmed = url.trim();
    let result: ServerCheckResult;
    try {
      result = action === 'test' ? await server.testServerUrl(trimmed) : await server.setServerUrl(trimmed);
    } catch (error) {
      result = { ok: false, message: error instanceof Error ? error.message : String(error) };
    }
    setStatus({ kind: 'result', result, action });
    if (result.ok && action === 'save') {
      toast.success('Server saved', trimmed);
      // Every read now goes to the new server: refetch, starting with the session check.
      void queryClient.invalidateQueries();
    }
  };

  const busy = status.kind === 'busy';
  return (
    <Form layout="vertical" onFinish={() => void run('save')}>
      <Form.Item label="Server URL" htmlFor="settings-server-url" extra="For example https://crm.example.com">
        <Input
          id="settings-server-url"
          type="url"
          inputMode="url"
          autoComplete="url"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          placeholder="https://"
        />
      </Form.Item>
      {status.kind === 'result' ? (
        <Alert
          className="settings-alert"
          showIcon
          type={status.result.ok ? 'success' : 'error'}
          title={
            status.result.ok
              ? status.action === 'test'
                ? 'Connection works.'
                : 'Server URL saved.'
              : status.result.message
          }
        />
      ) : null}
      <Space wrap>
        <Button onClick={() => void run('test')} loading={busy && status.action === 'test'} disabled={busy}>
          Test connection
        </Button>
        <Button type="primary" htmlType="submit" loading={busy && status.action === 'save'} disabled={busy}>
          Save
        </Button>
      </Space>
    </Form>
  );
}
