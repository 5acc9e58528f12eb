import type { ReactNode } from 'react';

/** One choice of the payment method radio group, and its form once it is selected. */
export function OptionRow({
  name,
  value,
  method,
  selected,
  onSelect,
  label,
  formKey,
  children,
}: {
  name: string;
  value: string;
  method: string;
  selected: boolean;
  onSelect(): void;
  label: ReactNode;
  /** Changing it starts the form afresh (after a refusal the shopper enters another card). */
  formKey: number;
  children: ReactNode;
}) {
  return (
    <div className={`tc-option${selected ? ' tc-option--selected' : ''}`} data-method={method}>
      <label className="tc-option-label">
        <input type="radio" name={name} value={value} checked={selected} onChange={onSelect} />
        {label}
      </label>
      {selected && (
        <div className="tc-option-body" key={formKey}>
          {children}
        </div>
      )}
    </div>
  );
}
