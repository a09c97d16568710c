// "Mark completed" for a visit, in the Schedule's dialog and in My Day. A cleaning whose arrival window
// has not started has not happened: the button asks first and only then tells the API so
// (confirmEarly), which refuses an early completion without it. When the server's clock and this one
// disagree (the server refused), the same question is asked.
import { BOOKING_MESSAGES } from '@shine/shared/bookings';
import { Button, Popconfirm } from 'antd';
import { useRef, useState } from 'react';
import { formatDateTime } from '../format/date-time.ts';
import { errorText } from '../ui/error-text.ts';
import { focusIsInPopupOrLost } from '../ui/popup-focus.ts';
import { useToast } from '../ui/use-toast.ts';

export function CompleteVisitButton({
  start,
  name,
  complete,
  pending,
  size,
  ariaLabel,
  label = 'Mark completed',
}: {
  /** The arrival window's start, as the API writes it (the business's offset). */
  start: string;
  /** The lead's name, for the question. */
  name: string;
  /** PATCH the visit completed; rejects with the server's message. */
  complete: (confirmEarly: boolean) => Promise<unknown>;
  pending: boolean;
  size?: 'small' | 'large';
  ariaLabel?: string;
  /** The button's words (the crew's day page says "Done"). */
  label?: string;
}) {
  const toast = useToast();
  const [asking, setAsking] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  const send = async (confirmEarly: boolean) => {
    try {
      await complete(confirmEarly);
      toast.success('Visit completed');
    } catch (error) {
      if (!confirmEarly && errorText(error) === BOOKING_MESSAGES.visitNotBegun) setAsking(true);
      else toast.error('Could not change the visit', errorText(error));
    }
  };
  const click = () => {
    if (Date.now() < Date.parse(start)) setAsking(true);
    else void send(false);
  };

  return (
    <Popconfirm
      open={asking}
      title="This cleaning has not started yet"
      description={`${name}’s arrival window starts ${formatDateTime(start)}. Mark it completed only if the crew has done it: the customer may be asked for a review.`}
      okText="Mark completed early"
      cancelText="Cancel"
      // Focus goes into the question (on the safe choice), and back to the button when it closes
      // from the inside (Cancel, Escape).
      cancelButtonProps={{ autoFocus: true }}
      // Beside the button, not at the end of the page: inside the Schedule's dialog, whose focus trap
      // would otherwise take focus back from the question.
      getPopupContainer={(trigger) => trigger.parentElement ?? document.body}
      onOpenChange={(open) => {
        if (open) return;
        setAsking(false);
        if (focusIsInPopupOrLost()) button.current?.focus();
      }}
      onCancel={() => setAsking(false)}
      onConfirm={() => {
        setAsking(false);
        void send(true);
      }}
    >
      <Button ref={button} size={size} aria-label={ariaLabel} loading={pending} onClick={click}>
        {label}
      </Button>
    </Popconfirm>
  );
}
