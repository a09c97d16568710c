import { Button, Result } from 'antd';
import { Navigate, Outlet } from 'react-router-dom';
import { PageSkeleton } from '../layout/PageSkeleton.tsx';
import { useSession } from '../session/session.ts';

/** Staff routes: signed-out visitors go to the login screen (docs/requirements.md#states). */
export function RequireAuth() {
  const session = useSession();
  if (session.isPending) return <PageSkeleton />;
  if (session.isError) {
    return (
      <Result
        status="warning"
        title="Cannot reach the server"
        subTitle={session.error.message}
        extra={
          <Button type="primary" onClick={() => void session.refetch()} loading={session.isFetching}>
            Try again
          </Button>
        }
      />
    );
  }
  if (!session.data?.isAuthenticated) return <Navigate to="/" replace />;
  return <Outlet />;
}
