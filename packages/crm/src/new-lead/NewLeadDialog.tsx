import { PROMO_CODE } from '@shine/shared/constants';
import { BATHROOM_CHOICES, BEDROOM_CHOICES, CLEANING_TYPES, FREQUENCIES } from '@shine/shared/enums';
import { KNOWN_LEAD_SOURCES } from '@shine/shared/lead-sources';
import { type EstimateInput, estimateQuote, formatEstimateRange, PRICE_TABLE } from '@shine/shared/pricing';
import {
  STAFF_LEAD_DEFAULT_SOURCE,
  type StaffLeadRequestInput,
  staffLeadRequestSchema,
} from '@shine/shared/quote-request';
import type { LeadMatchConflict } from '@shine/shared/responses/leads';
import { CLOSED_LEAD_STATUSES } from '@shine/shared/enums';
import { Alert, Button, Form, Input, Modal, Select, Space } from 'antd';
import { useState } from 'react';
import { useSubmitValidation, validateOrFocusFirstError, zodRule } from '../ui/form-validation.ts';
import { showServerIssues } from '../ui/server-issues.ts';
import { useToast } from '../ui/use-toast.ts';
import { useEnterLead } from './new-lead.hooks.ts';
import './new-lead.css';

type NewLeadValues = Omit<StaffLeadRequestInput, 'addToLead' | 'createAnyway'>;

const FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'zipcode',
  'bedrooms',
  'bathrooms',
  'cleaningType',
  'frequency',
  'notes',
  'source',
] as const;
const rule = (field: string) => zodRule(staffLeadRequestSchema, field);

const plural = (count: string, one: string, many: string) => `${count} ${count === '1' ? one : many}`;
const BEDROOM_OPTIONS = BEDROOM_CHOICES.map((value) => ({ value, label: plural(value, 'Bedroom', 'Bedrooms') }));
const BATHROOM_OPTIONS = BATHROOM_CHOICES.map((value) => ({ value, label: plural(value, 'Bathroom', 'Bathrooms') }));
const CLEANING_TYPE_OPTIONS = CLEANING_TYPES.map((value) => ({ value, label: `${value} Cleaning` }));
const FREQUENCY_OPTIONS = FREQUENCIES.map((value) => ({ value, label: value }));
const SOURCE_OPTIONS = KNOWN_LEAD_SOURCES.map((value) => ({ value, label: value }));

const INITIAL_VALUES: Partial<NewLeadValues> = { source: STAFF_LEAD_DEFAULT_SOURCE };

const isOneOf = <T extends string>(choices: readonly T[], value: unknown): value is T =>
  (choices as readonly unknown[]).includes(value);

/** The four choices the estimate needs, once all are made. */
export function estimateInputOf(values: Partial<NewLeadValues> | undefined): EstimateInput | null {
  const { bedrooms, bathrooms, cleaningType, frequency } = values ?? {};
  if (
    !isOneOf(BEDROOM_CHOICES, bedrooms) ||
    !isOneOf(BATHROOM_CHOICES, bathrooms) ||
    !isOneOf(CLEANING_TYPES, cleaningType) ||
    !isOneOf(FREQUENCIES, frequency)
  ) {
    return null;
  }
  return { bedrooms, bathrooms, cleaningType, frequency };
}

/** The instant estimate as the quote form shows it, recomputed as the choices change. */
function InstantEstimate({ input }: { input: EstimateInput | null }) {
  const estimate = input ? estimateQuote(input) : null;
  let text: React.ReactNode;
  if (estimate === null) text = <p>Choose bedrooms, bathrooms, cleaning type and frequency to see the estimate.</p>;
  else if (estimate.kind === 'walkthrough') text = <p>{estimate.reason} A walkthrough sets the price.</p>;
  else {
    text = (
      <>
        <p className="new-lead-estimate-range">{formatEstimateRange(estimate)}</p>
        <p>
          First cleaning ${estimate.firstVisitLow}–${estimate.firstVisitHigh} with code {PROMO_CODE} ($
          {PRICE_TABLE.firstCleaningDiscount} off).
        </p>
      </>
    );
  }
  return (
    <section className="new-lead-estimate" aria-labelledby="new-lead-estimate-title">
      <h2 id="new-lead-estimate-title">Instant estimate</h2>
      <div aria-live="polite" aria-atomic="true" data-testid="new-lead-estimate">
        {text}
      </div>
    </section>
  );
}

/** The person's existing lead, offered instead of a silent merge: add to it, make a new one anyway, or open it. */
function MatchOffer({
  conflict,
  pending,
  onAdd,
  onCreateAnyway,
  onOpen,
}: {
  conflict: LeadMatchConflict;
  pending: boolean;
  onAdd: (leadId: string) => void;
  onCreateAnyway: () => void;
  onOpen: (leadId: string) => void;
}) {
  const [match] = conflict.matches;
  if (!match) return null;
  const open = !CLOSED_LEAD_STATUSES.includes(match.status);
  const others = conflict.matches.length - 1;
  return (
    <Alert
      type="warning"
      showIcon
      role="alert"
      data-testid="new-lead-match"
      title={conflict.message}
      description={
        <Space direction="vertical">
          <span>
            {open
              ? 'Add this request to that lead, or make a new lead if this is someone else.'
              : `That lead is ${match.status}: a new lead follows it.`}
            {others > 0 ? ` ${others} more of their leads match.` : ''}
          </span>
          <Space wrap>
            {open ? (
              <Button type="primary" className="touch-target" loading={pending} onClick={() => onAdd(match.id)}>
                Add to that lead
              </Button>
            ) : null}
            <Button className="touch-target" loading={pending} onClick={onCreateAnyway}>
              Create a new lead anyway
            </Button>
            <Button type="link" className="touch-target" onClick={() => onOpen(match.id)}>
              Open that lead
            </Button>
          </Space>
        </Space>
      }
    />
  );
}

/**
 * New lead: a customer who phoned, wrote or walked in, entered with the quote form's fields and
 * messages and its instant estimate, the source Phone Call unless another is chosen. A match with
 * an existing lead of the same person is offered, never merged silently.
 */
export function NewLeadDialog({
  open,
  prefill,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** Fields filled in when it opens (a missed caller's phone). */
  prefill?: Partial<NewLeadValues>;
  onClose: () => void;
  /** The lead made, or the one the request was added to (and opened). */
  onSaved: (leadId: string) => void;
}) {
  const [form] = Form.useForm<NewLeadValues>();
  const values = Form.useWatch([], form) as Partial<NewLeadValues> | undefined;
  const enter = useEnterLead();
  const toast = useToast();
  const { validateTrigger, markSubmitted, reset } = useSubmitValidation();
  const [conflict, setConflict] = useState<LeadMatchConflict | null>(null);

  const close = () => {
    reset();
    setConflict(null);
    onClose();
  };

  const submit = async (choice: { addToLead?: string; createAnyway?: boolean } = {}) => {
    markSubmitted();
    const entered = await validateOrFocusFirstError(form);
    if (!entered) return;
    const parsed = staffLeadRequestSchema.safeParse({ ...entered, ...choice });
    if (!parsed.success) return;
    enter.mutate(parsed.data, {
      onSuccess: (answer) => {
        if (answer.kind === 'match') {
          setConflict(answer.conflict);
          return;
        }
        const name = `${answer.lead.firstName} ${answer.lead.lastName}`.trim();
        toast.success(choice.addToLead ? `Added to ${name}’s lead` : `${name} was added as a lead`);
        reset();
        setConflict(null);
        onSaved(answer.lead.id);
      },
      onError: (error) => {
        const rest = showServerIssues(form, error, FIELDS);
        if (rest.length > 0) toast.error('Could not save the lead', rest.join(' '));
      },
    });
  };

  return (
    <Modal
      title="New lead"
      open={open}
      onCancel={close}
      onOk={() => void submit()}
      okText={enter.isPending ? 'Saving...' : 'Save lead'}
      okButtonProps={{ loading: enter.isPending, disabled: conflict !== null }}
      destroyOnHidden
      width={640}
    >
      <Form<NewLeadValues>
        form={form}
        layout="vertical"
        requiredMark="optional"
        preserve={false}
        validateTrigger={validateTrigger}
        initialValues={{ ...INITIAL_VALUES, ...prefill }}
        onValuesChange={() => setConflict(null)}
        onFinish={() => void submit()}
      >
        <div className="new-lead-fields">
          <Form.Item label="First Name" name="firstName" required rules={[rule('firstName')]}>
            <Input autoComplete="off" maxLength={100} />
          </Form.Item>
          <Form.Item label="Last Name" name="lastName" required rules={[rule('lastName')]}>
            <Input autoComplete="off" maxLength={100} />
          </Form.Item>
          <Form.Item label="Email Address" name="email" required rules={[rule('email')]}>
            <Input type="email" inputMode="email" autoComplete="off" maxLength={254} />
          </Form.Item>
          <Form.Item label="Phone Number" name="phone" required rules={[rule('phone')]}>
            <Input type="tel" autoComplete="off" maxLength={40} />
          </Form.Item>
          <Form.Item label="Zip Code" name="zipcode" required rules={[rule('zipcode')]}>
            <Input inputMode="numeric" autoComplete="off" maxLength={10} />
          </Form.Item>
          <Form.Item label="Source" name="source" required rules={[rule('source')]}>
            <Select options={SOURCE_OPTIONS} />
          </Form.Item>
          <Form.Item label="Number of Bedrooms" name="bedrooms" required rules={[rule('bedrooms')]}>
            <Select options={BEDROOM_OPTIONS} placeholder="Select bedrooms" />
          </Form.Item>
          <Form.Item label="Number of Bathrooms" name="bathrooms" required rules={[rule('bathrooms')]}>
            <Select options={BATHROOM_OPTIONS} placeholder="Select bathrooms" />
          </Form.Item>
          <Form.Item label="Cleaning Type" name="cleaningType" required rules={[rule('cleaningType')]}>
            <Select options={CLEANING_TYPE_OPTIONS} placeholder="Select cleaning type" />
          </Form.Item>
          <Form.Item label="Cleaning Frequency" name="frequency" required rules={[rule('frequency')]}>
            <Select options={FREQUENCY_OPTIONS} placeholder="Select frequency" />
          </Form.Item>
        </div>
        <Form.Item label="Additional Notes" name="notes" rules={[rule('notes')]}>
          <Input.TextArea
            rows={3}
            maxLength={2000}
            placeholder="Pets, access instructions, areas that need extra attention..."
          />
        </Form.Item>
      </Form>
      <InstantEstimate input={estimateInputOf(values)} />
      {conflict ? (
        <MatchOffer
          conflict={conflict}
          pending={enter.isPending}
          onAdd={(leadId) => void submit({ addToLead: leadId })}
          onCreateAnyway={() => void submit({ createAnyway: true })}
          onOpen={(leadId) => {
            close();
            onSaved(leadId);
          }}
        />
      ) : null}
    </Modal>
  );
}
