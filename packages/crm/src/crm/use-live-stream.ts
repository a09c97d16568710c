import type { LiveEvent } from '@shine/shared/live';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { type EventSourceFactory, openEventStream } from '../api/http.ts';
import { type LiveStatus, startLiveStream } from '../api/live-stream.ts';

/** Keeps the live stream open while the component is mounted; answers its state. */
export function useLiveStream(
  onEvent?: (event: LiveEvent) => void,
  open: EventSourceFactory = openEventStream,
): LiveStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const listener = useRef(onEvent);
  listener.current = onEvent;
  useEffect(
    () => startLiveStream({ queryClient, open, onStatus: setStatus, onEvent: (event) => listener.current?.(event) }),
    [queryClient, open],
  );
  return status;
}
