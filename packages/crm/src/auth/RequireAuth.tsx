import { Button, Result } from 'antd';
import { useEffect, useState } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { PageSkeleton } from '../layout/PageSkeleton.tsx';
import { arePageChunksLoading, whenPageChunksPreloaded } from '../page-chunks.ts';
import { useSession } from '../session/session.ts';

/**
 * Staff routes: signed-out visitors go to the login screen (docs/requirements.md#states). The skeleton
 * stays until the session is known and the page's chunks that main.tsx started are in too, so the
 * page renders at once (lazy-chunk.ts) rather than behind a Suspense fallback, whose reveal React
 * holds back by up to 300 ms (docs/performance.md, first load).
 */
export function RequireAuth() {
  const session = useSession();
  const [hasChunks, setHasChunks] = useState(() => !arePageChunksLoading());
  useEffect(() => {
    if (hasChunks) return;
    let isMounted = true;
    void whenPageChunksPreloaded().then(() => isMounted && setHasChunks(true));
    return () => {
      isMounted = false;
    };
  }, [hasChunks]);
  if (session.isPending || !hasChunks) return <PageSkeleton />;
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
