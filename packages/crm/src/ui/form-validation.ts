import type { FormInstance, FormRule } from 'antd';
import { useCallback, useState } from 'react';

/** The part of a zod schema the forms use; keeps this package free of a direct zod import. */
export interface SafeParser {
  safeParse(data: unknown): {
    success: boolean;
    error?: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> };
  };
}

export type ToPayload = (values: Record<string, unknown>) => unknown;

const identity: ToPayload = (values) => values;

/** The first message the schema gives for `field` (its path starts with it), if any. */
export function findFieldIssue(schema: SafeParser, payload: unknown, field: string): string | undefined {
  const result = schema.safeParse(payload);
  return result.error?.issues.find((issue) => String(issue.path[0]) === field)?.message;
}

/** Messages of issues that belong to no single field (object-level refinements). */
export function findFormIssues(schema: SafeParser, payload: unknown): string[] {
  const result = schema.safeParse(payload);
  return result.error?.issues.filter((issue) => issue.path.length === 0).map((issue) => issue.message) ?? [];
}

/**
 * An antd rule that validates a field with the shared zod schema, so the form shows exactly the
 * messages the API answers with (docs/requirements.md#validation). The whole form is parsed, which keeps cross-field
 * refinements (unknown template placeholders, for example) working.
 */
export function zodRule(schema: SafeParser, field: string, toPayload: ToPayload = identity): FormRule {
  return ({ getFieldsValue }) => ({
    validator: async () => {
      const message = findFieldIssue(schema, toPayload(getFieldsValue(true)), field);
      if (message) throw new Error(message);
    },
  });
}

/**
 * docs/requirements.md#validation: forms validate on submit and re-validate on change. Until the first submit no field
 * validates as the user types; afterwards every change re-validates its field.
 */
export function useSubmitValidation() {
  const [submitted, setSubmitted] = useState(false);
  const markSubmitted = useCallback(() => setSubmitted(true), []);
  const reset = useCallback(() => setSubmitted(false), []);
  return { validateTrigger: submitted ? 'onChange' : ([] as string[]), markSubmitted, reset };
}

/**
 * Validates every field of a form submitted by hand (a dialog's OK button). When a field fails, focus
 * moves to the first field in error (scrolled into view), so a keyboard or screen-reader user lands on
 * what to fix instead of staying on the button; the answer is then undefined.
 */
export async function validateOrFocusFirstError<T>(form: FormInstance<T>): Promise<T | undefined> {
  try {
    return await form.validateFields();
  } catch (error) {
    const first = (error as { errorFields?: ReadonlyArray<{ name: (string | number)[] }> }).errorFields?.[0];
    if (first) form.scrollToField(first.name, { focus: true });
    return undefined;
  }
}

/** A schema that parses a payload into what the API takes (a zod schema's `safeParse`). */
export interface PayloadParser<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
}

/**
 * A dialog's save: validates every field (focusing the first in error), parses the form's payload with
 * the schema the API uses, and hands the parsed payload to `save`; nothing is saved while a field is wrong.
 */
export async function saveParsedForm<T>(
  form: FormInstance,
  schema: PayloadParser<T>,
  toPayload: ToPayload,
  save: (payload: T) => void,
): Promise<void> {
  if (!(await validateOrFocusFirstError(form))) return;
  const parsed = schema.safeParse(toPayload(form.getFieldsValue(true)));
  if (parsed.success) save(parsed.data);
}
