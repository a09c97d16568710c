import { CheckOutlined, DeleteOutlined } from '@ant-design/icons';
import { colors } from '@shine/design-tokens';
import { REJECTION_RULE_LABELS } from '@shine/shared/intake';
import type { HeldSubmission, Lead } from '@shine/shared/types';
import { Button, Popconfirm } from 'antd';
import { useRef } from 'react';
import { describeService } from '../leads/index.ts';
import { formatDateTime } from '../format/date-time.ts';
import { ToneTag } from '../ui/ToneTag.tsx';
import { HeldDetails } from './HeldDetails.tsx';
import { heldName } from './held-format.ts';
import { useDeleteHeld, useReleaseHeld } from './held.hooks.ts';
import { focusIsInPopupOrLost } from '../ui/popup-focus.ts';

/**
 * One held submission: who, when, what they asked for, which rule held it and why, with Release and
 * Delete. An <article> headed by the name (h2 under the screen's h1), so a screen reader can move
 * between submissions by heading.
 */
export function HeldItem({ held, onReleased }: { held: HeldSubmission; onReleased: (lead: Lead) => void }) {
  const release = useReleaseHeld();
  const remove = useDeleteHeld();
  const { payload } = held;
  const name = heldName(payload);
  const titleId = `held-${held.id}`;
  const busy = release.isPending || remove.isPending;
  const deleteButton = useRef<HTMLButtonElement>(null);
  return (
    <li>
      <article className="held-item" aria-labelledby={titleId} aria-busy={busy}>
        <header className="held-item-head">
          <h2 id={titleId} className="held-item-title">
            {name}
          </h2>
          <time className="muted" dateTime={held.receivedAt}>
            {formatDateTime(held.receivedAt)}
          </time>
        </header>
        <p className="held-rule">
          <ToneTag color={colors.warning}>{REJECTION_RULE_LABELS[held.rule]}</ToneTag>
          <span>{held.reason}</span>
        </p>
        <dl className="held-facts">
          <div>
            <dt>E-mail</dt>
            <dd>{payload.email}</dd>
          </div>
          <div>
            <dt>Phone</dt>
            <dd>{payload.phone}</dd>
          </div>
          <div>
            <dt>Request</dt>
            <dd>
              {describeService(payload)} · zip {payload.zipcode}
            </dd>
          </div>
        </dl>
        <HeldDetails held={held} />
        <div className="held-actions">
          <Button
            type="primary"
            icon={<CheckOutlined aria-hidden="true" />}
            loading={release.isPending}
            disabled={remove.isPending}
            aria-label={`Release ${name}`}
            onClick={() =>
              // mutateAsync: the row is gone by the time the release settles, the promise still resolves.
              release.mutateAsync(held.id).then(onReleased, () => undefined)
            }
          >
            Release
          </Button>
          <Popconfirm
            title="Delete this held submission? It cannot be recovered."
            okText="Delete"
            okButtonProps={{ danger: true, loading: remove.isPending }}
            cancelText="Cancel"
            // The confirmation is portalled to the end of the page: focus goes into it (on the safe
            // choice), and back to Delete when it closes from the inside (Cancel, Escape), not when
            // someone clicked elsewhere.
            cancelButtonProps={{ autoFocus: true }}
            onOpenChange={(open) => {
              if (!open && focusIsInPopupOrLost()) deleteButton.current?.focus();
            }}
            onConfirm={() => remove.mutateAsync(held.id).catch(() => undefined)}
          >
            <Button
              ref={deleteButton}
              danger
              icon={<DeleteOutlined aria-hidden="true" />}
              disabled={release.isPending}
              aria-label={`Delete ${name}`}
            >
              Delete
            </Button>
          </Popconfirm>
        </div>
      </article>
    </li>
  );
}
