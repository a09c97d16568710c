import { Button, Popconfirm, Typography } from 'antd';
import { formatDateTime } from '../format/date-time.ts';
import { QueryErrorAlert } from '../ui/QueryErrorAlert.tsx';
import { errorText } from '../ui/error-text.ts';
import { useToast } from '../ui/use-toast.ts';
import { useLeadCard, useRemoveLeadCard } from './payments.hooks.ts';

/**
 * The lead drawer's card on file: "Visa •••• 4242, expires 04/28" as Stripe describes it (never the
 * number; staff never type one: the customer saves it on Stripe's page from their quote link).
 */
export function LeadCard({ leadId }: { leadId: string }) {
  const view = useLeadCard(leadId);
  const remove = useRemoveLeadCard(leadId);
  const toast = useToast();
  if (view.isError) return <QueryErrorAlert error={view.error} onRetry={() => void view.refetch()} />;
  if (view.isPending) return null;
  const card = view.data.card;
  if (!card) {
    return (
      <Typography.Paragraph className="muted" data-testid="lead-card">
        No card on file. The customer can save one from their quote link once booked.
      </Typography.Paragraph>
    );
  }
  return (
    <div className="invoice-card" data-testid="lead-card">
      <Typography.Text strong>{card.label}</Typography.Text>
      <Typography.Paragraph className="muted">
        Charged after each completed cleaning. Terms agreed {formatDateTime(card.termsAgreedAt)}.
      </Typography.Paragraph>
      <Popconfirm
        title="Remove this card?"
        description="It will not be charged again; invoices are e-mailed with a pay link instead."
        okText="Yes, remove it"
        cancelText="Keep it"
        onConfirm={() =>
          remove.mutateAsync().then(
            () => toast.success('Card removed'),
            (error: unknown) => toast.error('Could not remove the card', errorText(error)),
          )
        }
      >
        <Button danger className="touch-target">
          Remove card
        </Button>
      </Popconfirm>
    </div>
  );
}
