import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> {
  label: string;
  hint?: ReactNode | undefined;
  error?: string | undefined;
  /** Shown inside the input's frame, after it (network badges). */
  adornment?: ReactNode | undefined;
  inputRef?: Ref<HTMLInputElement> | undefined;
  className?: string | undefined;
}

/**
 * A labelled input with its hint and error. The error paragraph is always in the DOM and polite
 * live, so a screen reader announces an error when it appears; the input points at it.
 */
export function Field({ label, hint, error, adornment, inputRef, className, ...input }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`tc-field${error ? ' tc-field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label className="tc-label" htmlFor={id}>
        {label}
      </label>
      {hint && (
        <p className="tc-hint" id={hintId}>
          {hint}
        </p>
      )}
      <div className="tc-input-frame">
        <input
          ref={inputRef}
          id={id}
          className="tc-input"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...input}
        />
        {adornment}
      </div>
      <p className="tc-field-error" id={errorId} aria-live="polite">
        {error}
      </p>
    </div>
  );
}
