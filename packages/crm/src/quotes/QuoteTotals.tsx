import { formatDollars, type QuotePricing } from '@shine/shared/quote-pricing';
import { Typography } from 'antd';

/** The line items, discounts, tax and total the draft comes to, as the customer will see them. */
export function QuoteTotals({ pricing }: { pricing: QuotePricing | undefined }) {
  if (!pricing) {
    return (
      <Typography.Paragraph type="warning" role="status">
        Fix the amounts above to see the total.
      </Typography.Paragraph>
    );
  }
  return (
    <table className="quote-totals">
      <caption className="visually-hidden">What the quote comes to</caption>
      <tbody>
        {pricing.lineItems.map((item) => (
          <tr key={item.key ?? 'cleaning'}>
            <th scope="row">
              {item.description}
              {item.quantity > 1 ? ` × ${item.quantity}` : ''}
            </th>
            <td>{formatDollars(item.amountCents)}</td>
          </tr>
        ))}
        {pricing.discounts.map((discount) => (
          <tr key={discount.kind}>
            <th scope="row">{discount.description}</th>
            <td>−{formatDollars(discount.amountCents)}</td>
          </tr>
        ))}
        {pricing.taxCents > 0 ? (
          <tr>
            <th scope="row">Tax</th>
            <td>{formatDollars(pricing.taxCents)}</td>
          </tr>
        ) : null}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">Total</th>
          <td aria-live="polite">
            <strong data-testid="quote-total">{formatDollars(pricing.totalCents)}</strong>
          </td>
        </tr>
      </tfoot>
    </table>
  );
}
