import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import '../../styles/forms.css';
import { SvgIcon } from '../SvgIcon.tsx';
import { useIsHydrated } from '../use-is-hydrated.ts';

interface FieldShellProps {
  id: string;
  label: string;
  isRequired?: boolean;
  error?: string | undefined;
  hint?: string;
  className?: string;
  children: ReactNode;
}

/** Label, required marker, hint and error message around one control. */
function FieldShell({ id, label, isRequired, error, hint, className, children }: FieldShellProps) {
  return (
    <div className={className ? `field ${className}` : 'field'} data-invalid={error ? true : undefined}>
      <label className="field__label" htmlFor={id}>
        {label}
        {isRequired ? (
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : (
          <span className="field__optional"> (optional)</span>
        )}
      </label>
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {children}
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** ARIA wiring shared by every control: required, invalid, and the hint and error it is described by. */
function controlAria(id: string, isRequired: boolean | undefined, error: string | undefined, hint: string | undefined) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return {
    id,
    'aria-required': isRequired || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  } as const;
}

interface BaseProps {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  isRequired?: boolean;
  error?: string | undefined;
  hint?: string;
  className?: string;
}

type TextFieldProps = BaseProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | keyof UseFormRegisterReturn>;

export function TextField({ id, label, registration, isRequired, error, hint, className, ...input }: TextFieldProps) {
  return (
    <FieldShell id={id} label={label} isRequired={isRequired} error={error} hint={hint} className={className}>
      <input className="field__control" {...input} {...registration} {...controlAria(id, isRequired, error, hint)} />
    </FieldShell>
  );
}

type TextAreaFieldProps = BaseProps &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | keyof UseFormRegisterReturn>;

export function TextAreaField({
  id,
  label,
  registration,
  isRequired,
  error,
  hint,
  className,
  ...textarea
}: TextAreaFieldProps) {
  return (
    <FieldShell id={id} label={label} isRequired={isRequired} error={error} hint={hint} className={className}>
      <textarea
        className="field__control field__control--textarea"
        {...textarea}
        {...registration}
        {...controlAria(id, isRequired, error, hint)}
      />
    </FieldShell>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

type SelectFieldProps = BaseProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | keyof UseFormRegisterReturn> & {
    options: readonly SelectOption[];
    placeholder: string;
  };

export function SelectField({
  id,
  label,
  registration,
  isRequired,
  error,
  hint,
  className,
  options,
  placeholder,
  ...select
}: SelectFieldProps) {
  return (
    <FieldShell id={id} label={label} isRequired={isRequired} error={error} hint={hint} className={className}>
      <div className="field__select">
        <select
          className="field__control field__control--select"
          {...select}
          {...registration}
          {...controlAria(id, isRequired, error, hint)}
        >
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <SvgIcon name="chevronDown" size={18} className="field__select-icon" />
      </div>
    </FieldShell>
  );
}

/**
 * A form's submit button: disabled until React has hydrated the form (a form submitted before would
 * fall back to a native submit), aria-disabled while busy (disabled would drop focus to <body>). The
 * hydration flag lives here, not in the form: when it turns true only this button renders again, not
 * every field of the form, which kept the main thread busy for one more long task after hydration.
 */
export function SubmitButton({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  const isHydrated = useIsHydrated();
  return (
    <button
      type="submit"
      className="btn btn--primary btn--lg btn--block"
      disabled={!isHydrated}
      aria-disabled={busy || undefined}
    >
      {busy ? busyLabel : label}
    </button>
  );
}
