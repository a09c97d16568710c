import { leadOperations } from '@shine/shared/operations/leads';
import type { StaffLeadRequestInput } from '@shine/shared/quote-request';
import { type LeadMatchConflict, leadMatchConflictSchema, type StaffLeadResult } from '@shine/shared/responses/leads';
import type { Lead } from '@shine/shared/types';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { send } from '../api/client.ts';
import { throwIfNotOk } from '../api/http-error.ts';
import { leadsKey } from '../api/query-keys.ts';

/** What POST /api/admin/leads answered: the lead saved, or the person's existing leads to choose from. */
export type EnteredLead = { kind: 'saved'; lead: Lead } | { kind: 'match'; conflict: LeadMatchConflict };

/** Enters a lead by hand; a 409 with matches is an answer to show, not an error. */
export async function enterLead(body: StaffLeadRequestInput): Promise<EnteredLead> {
  const response = await send(leadOperations.createLead, { body });
  if (response.status === 409) {
    const conflict = leadMatchConflictSchema.safeParse(
      await response
        .clone()
        .json()
        .catch(() => null),
    );
    if (conflict.success) return { kind: 'match', conflict: conflict.data };
  }
  await throwIfNotOk(response);
  return { kind: 'saved', lead: ((await response.json()) as StaffLeadResult).lead };
}

export function useEnterLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enterLead,
    onSuccess: (answer) => {
      if (answer.kind === 'saved') void queryClient.invalidateQueries({ queryKey: leadsKey });
    },
  });
}
