import { BATHROOM_CHOICES, BEDROOM_CHOICES, CLEANING_TYPES, FREQUENCIES } from '@shine/shared/enums';
import { addOnLabel, addOnPriceCents, addOnUnit, formatDollars, QUOTE_ADD_ON_KEYS } from '@shine/shared/quote-pricing';
import {
  DEFAULT_QUOTE_VALID_DAYS,
  MAX_ADD_ON_QUANTITY,
  MAX_QUOTE_VALID_DAYS,
  QUOTE_MESSAGE_MAX,
  QUOTE_REASON_MAX,
} from '@shine/shared/quotes';
import { PROMO_AMOUNT_DOLLARS, PROMO_CODE } from '@shine/shared/constants';
import type { Quote } from '@shine/shared/responses/quotes';
import { Alert, Button, Checkbox, Form, Input, InputNumber, Select, Space } from 'antd';
import { useState } from 'react';
import { showServerIssues } from '../ui/server-issues.ts';
import { draftInputOf, formValuesOf, pricingOf, QUOTE_FORM_FIELDS, type QuoteFormValues } from './quote-form.ts';
import { QuoteTotals } from './QuoteTotals.tsx';
import { useSaveQuote, useSendQuote } from './quotes.hooks.ts';
import type { QuoteSent } from '@shine/shared/responses/quotes';

const options = (values: readonly string[]) => values.map((value) => ({ value, label: value }));
const MONEY = /^\d{1,7}(\.\d{1,2})?$/;
const PERCENT = /^\d{1,3}(\.\d{1,2})?$/;

const moneyRule = { pattern: MONEY, message: 'Use an amount in dollars like 25 or 25.50' };
// Whole numbers are typed (a phone shows its number pad; arrow keys still step): the spinner's
// half-height arrows would be touch targets far under 44 px.

/**
 * A draft of the lead's quote: the cleaning, the add-ons of the price table, the discounts, tax,
 * validity and message, with the total recomputed (in cents) while staff type. Save keeps it a draft;
 * Send saves and sends it by e-mail, or only makes the link to copy.
 */
export function QuoteDraftForm({ quote, onSent }: { quote: Quote; onSent: (sent: QuoteSent) => void }) {
  const [form] = Form.useForm<QuoteFormValues>();
  const initial = formValuesOf(quote);
  const values = Form.useWatch([], form) as QuoteFormValues | undefined;
  const pricing = pricingOf({ ...initial, ...values }, quote);
  const save = useSaveQuote(quote.leadId);
  const send = useSendQuote(quote.leadId);
  const [problems, setProblems] = useState<string[]>([]);
  const [saved, setSaved] = useState(false);

  const saveDraft = async () => {
    setProblems([]);
    setSaved(false);
    const checked = await form.validateFields().catch(() => undefined);
    if (!checked) return undefined;
    try {
      const draft = await save.mutateAsync({ id: quote.id, draft: draftInputOf(checked, quote) });
      setSaved(true);
      return draft;
    } catch (error) {
      setProblems(showServerIssues(form, error, QUOTE_FORM_FIELDS));
      return undefined;
    }
  };

  const saveAndSend = async (email: boolean) => {
    if (!(await saveDraft())) return;
    try {
      onSent(await send.mutateAsync({ id: quote.id, email }));
    } catch (error) {
      setProblems(showServerIssues(form, error, []));
    }
  };

  const busy = save.isPending || send.isPending;
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={initial}
      onValuesChange={() => setSaved(false)}
      className="quote-form"
      aria-label={`Quote v${quote.version} (draft)`}
    >
      <fieldset className="quote-fieldset">
        <legend>Cleaning</legend>
        <div className="quote-grid">
          <Form.Item label="Cleaning type" name="cleaningType" rules={[{ required: true }]}>
            <Select options={options(CLEANING_TYPES)} />
          </Form.Item>
          <Form.Item label="Bedrooms" name="bedrooms" rules={[{ required: true }]}>
            <Select options={options(BEDROOM_CHOICES)} />
          </Form.Item>
          <Form.Item label="Bathrooms" name="bathrooms" rules={[{ required: true }]}>
            <Select options={options(BATHROOM_CHOICES)} />
          </Form.Item>
          <Form.Item label="Frequency" name="frequency" rules={[{ required: true }]}>
            <Select options={options(FREQUENCIES)} />
          </Form.Item>
          <Form.Item
            label="Cleaning price ($)"
            name="price"
            rules={[{ required: true, message: 'Enter the cleaning price' }, moneyRule]}
          >
            <Input inputMode="decimal" />
          </Form.Item>
        </div>
      </fieldset>
      <fieldset className="quote-fieldset">
        <legend>Add-ons (quantity; empty: not included)</legend>
        <div className="quote-grid">
          {QUOTE_ADD_ON_KEYS.map((key) => (
            <Form.Item
              key={key}
              label={`${addOnLabel(key)} (${formatDollars(addOnPriceCents(key))} per ${addOnUnit(key)})`}
              name={['addOns', key]}
            >
              <InputNumber<number>
                controls={false}
                min={0}
                max={MAX_ADD_ON_QUANTITY}
                precision={0}
                className="full-width"
              />
            </Form.Item>
          ))}
        </div>
      </fieldset>
      <fieldset className="quote-fieldset">
        <legend>Discounts and tax</legend>
        <Form.Item name="welcomeDiscount" valuePropName="checked">
          <Checkbox>
            {PROMO_CODE}: ${PROMO_AMOUNT_DOLLARS} off the first cleaning
          </Checkbox>
        </Form.Item>
        <div className="quote-grid">
          <Form.Item label="Recurring discount (% off the cleaning)" name="recurringDiscountPercent">
            <InputNumber<number> controls={false} min={0} max={100} precision={0} className="full-width" />
          </Form.Item>
          <Form.Item label="Other discount ($)" name="customDiscountAmount" rules={[moneyRule]}>
            <Input inputMode="decimal" />
          </Form.Item>
          <Form.Item
            label="Reason for the other discount"
            name="customDiscountReason"
            dependencies={['customDiscountAmount']}
            rules={[
              { max: QUOTE_REASON_MAX },
              ({ getFieldValue }) => ({
                validator: (_, reason: string | undefined) =>
                  String(getFieldValue('customDiscountAmount') ?? '').trim() !== '' && !reason?.trim()
                    ? Promise.reject(new Error('Say why this discount is given'))
                    : Promise.resolve(),
              }),
            ]}
          >
            <Input maxLength={QUOTE_REASON_MAX} />
          </Form.Item>
          <Form.Item
            label="Tax rate (%)"
            name="taxRate"
            rules={[{ pattern: PERCENT, message: 'Use a percentage like 8.25' }]}
          >
            <Input inputMode="decimal" />
          </Form.Item>
        </div>
      </fieldset>
      <QuoteTotals pricing={pricing} />
      <div className="quote-grid">
        <Form.Item
          label="Valid for (days)"
          name="validDays"
          rules={[{ required: true, message: `Enter the days, e.g. ${DEFAULT_QUOTE_VALID_DAYS}` }]}
        >
          <InputNumber<number>
            controls={false}
            min={1}
            max={MAX_QUOTE_VALID_DAYS}
            precision={0}
            className="full-width"
          />
        </Form.Item>
      </div>
      <Form.Item label="Message to the customer" name="message">
        <Input.TextArea rows={3} maxLength={QUOTE_MESSAGE_MAX} />
      </Form.Item>
      {problems.length > 0 ? (
        <Alert type="error" showIcon title="The quote was not saved" description={problems.join(' ')} />
      ) : null}
      {saved ? (
        <p role="status" className="muted">
          Draft saved.
        </p>
      ) : null}
      <Space wrap className="quote-actions">
        <Button className="touch-target" onClick={() => void saveDraft()} loading={save.isPending} disabled={busy}>
          Save draft
        </Button>
        <Button
          className="touch-target"
          type="primary"
          onClick={() => void saveAndSend(true)}
          loading={send.isPending}
          disabled={busy}
        >
          Send by e-mail
        </Button>
        <Button className="touch-target" onClick={() => void saveAndSend(false)} disabled={busy}>
          Send as a link only
        </Button>
      </Space>
    </Form>
  );
}
