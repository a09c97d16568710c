import { Tooltip, type TooltipProps } from 'antd';
import { useSyncExternalStore } from 'react';
import {
  isSkippingTooltipDelay,
  noteTooltipClosed,
  subscribeTooltipDelay,
  TOOLTIP_OPEN_DELAY_MS,
} from './tooltip-delay.ts';

/** antd Tooltip with the open and skip delays of docs/requirements.md#states. Use it for every tooltip in the CRM. */
export function Hint({ onOpenChange, ...props }: TooltipProps) {
  const skipping = useSyncExternalStore(subscribeTooltipDelay, isSkippingTooltipDelay, isSkippingTooltipDelay);
  return (
    <Tooltip
      mouseEnterDelay={skipping ? 0 : TOOLTIP_OPEN_DELAY_MS / 1000}
      onOpenChange={(open) => {
        if (!open) noteTooltipClosed();
        onOpenChange?.(open);
      }}
      {...props}
    />
  );
}
