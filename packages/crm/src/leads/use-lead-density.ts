import { useCallback, useState } from 'react';
import { useCurrentUser } from '../session/current-user.ts';

export type LeadDensity = 'comfortable' | 'compact';

const STORAGE_PREFIX = 'shine.crm.leadDensity:';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled: the choice lasts as long as the page
  }
}

function readDensity(userId: string | undefined): LeadDensity {
  if (!userId) return 'comfortable';
  return storage()?.getItem(STORAGE_PREFIX + userId) === 'compact' ? 'compact' : 'comfortable';
}

/**
 * How dense the leads table is: comfortable (the default) or compact (one line a lead). Remembered per
 * person on this device (docs/decisions.md, "Compact leads table"), so two people sharing a computer
 * each keep their own.
 */
export function useLeadDensity(): [LeadDensity, (density: LeadDensity) => void] {
  const userId = useCurrentUser()?.id;
  const [chosen, setChosen] = useState<{ userId: string | undefined; density: LeadDensity }>(() => ({
    userId,
    density: readDensity(userId),
  }));
  // The session became known (or changed): that person's choice.
  const density = chosen.userId === userId ? chosen.density : readDensity(userId);
  const setDensity = useCallback(
    (next: LeadDensity) => {
      setChosen({ userId, density: next });
      if (userId) storage()?.setItem(STORAGE_PREFIX + userId, next);
    },
    [userId],
  );
  return [density, setDensity];
}
