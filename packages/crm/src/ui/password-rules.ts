import type { FormRule } from 'antd';

export const PASSWORDS_DIFFER = 'Passwords do not match';

/** The "confirm password" field's rule: it must repeat the field `passwordField`. */
export function sameAsRule(passwordField: string): FormRule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value: string | undefined) => {
      if ((value ?? '') !== (getFieldValue(passwordField) ?? '')) throw new Error(PASSWORDS_DIFFER);
    },
  });
}
