import { PhoneOutlined } from '@ant-design/icons';
import { toTelHref } from '@shine/shared/format';
import { Button, Space } from 'antd';
import { useOpenNewLead } from '../new-lead/index.ts';
import { useMarkCalledBack } from './calls.hooks.ts';

/**
 * What staff do about a call, wherever it shows (the Calls list, My Day's Call back): call the number,
 * mark it called back (`doneLabel`; absent once it was), and make a lead of a stranger's number with
 * the phone filled in. `who` names the caller in each button's accessible name.
 */
export function CallActions({
  callId,
  phone,
  who,
  known,
  doneLabel,
  compact = false,
  className,
}: {
  callId: string;
  phone: string;
  who: string;
  /** The caller is a lead's: no "Make a lead". */
  known: boolean;
  /** The mark's label ("Called back", "Done"); undefined: no mark (answered, or already called back). */
  doneLabel?: string;
  /** Small buttons, in a dense list; else 44 px targets. */
  compact?: boolean;
  className: string;
}) {
  const calledBack = useMarkCalledBack();
  const openNewLead = useOpenNewLead();
  const look = compact ? { size: 'small' as const } : { className: 'touch-target' };
  return (
    <Space wrap size={4} className={className}>
      <Button
        {...look}
        href={toTelHref(phone)}
        icon={<PhoneOutlined aria-hidden="true" />}
        aria-label={`Call back ${who}`}
      >
        Call back
      </Button>
      {doneLabel ? (
        <Button
          {...look}
          loading={calledBack.isPending}
          aria-label={`Mark ${who} called back`}
          onClick={() => calledBack.mutate(callId)}
        >
          {doneLabel}
        </Button>
      ) : null}
      {!known && openNewLead ? (
        <Button {...look} aria-label={`Make a lead of ${phone}`} onClick={() => openNewLead({ phone })}>
          Make a lead
        </Button>
      ) : null}
    </Space>
  );
}
