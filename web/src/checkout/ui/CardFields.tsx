// The card's fields. Nothing here leaves the browser except to the vault (see PaymentPanel).
import { Field } from './Field';
import { NetworkChoice } from './NetworkChoice';
import { BrandBadge } from './icons';
import type { CardForm } from './useCardForm';

const isDeletion = (event: { nativeEvent: Event }) => {
  const inputType = (event.nativeEvent as InputEvent).inputType;
  return typeof inputType === 'string' && inputType.startsWith('delete');
};

export function CardFields({ form, idPrefix }: { form: CardForm; idPrefix: string }) {
  const { values, state, errors } = form;
  const detected = state.brands.length > 0;
  const cvcHint = state.cvcLength === 4 ? '4 digits, on the front' : '3 digits, on the back';
  return (
    <div className="tc-card-fields">
      <Field
        label="Card number"
        name={`${idPrefix}-cardnumber`}
        autoComplete="cc-number"
        inputMode="numeric"
        placeholder="1234 1234 1234 1234"
        spellCheck={false}
        value={values.number}
        error={errors.number}
        inputRef={(element) => void (form.inputs.current.number = element)}
        onChange={(event) => form.change('number', event.target.value)}
        onBlur={() => form.blur('number')}
        adornment={
          detected ? (
            <span className="tc-brands" aria-hidden="true">
              {state.brands.map((brand) => (
                <BrandBadge key={brand} brand={brand} />
              ))}
            </span>
          ) : undefined
        }
      />
      <NetworkChoice brands={state.brands} network={form.network} onChoose={form.setNetwork} />
      <div className="tc-row">
        <Field
          label="Expiry date"
          hint="MM / YY"
          name={`${idPrefix}-exp`}
          autoComplete="cc-exp"
          inputMode="numeric"
          placeholder="MM / YY"
          value={values.expiry}
          error={errors.expiry}
          inputRef={(element) => void (form.inputs.current.expiry = element)}
          onChange={(event) => form.change('expiry', event.target.value, isDeletion(event))}
          onBlur={() => form.blur('expiry')}
        />
        <Field
          label="Security code"
          hint={cvcHint}
          name={`${idPrefix}-cvc`}
          autoComplete="cc-csc"
          inputMode="numeric"
          placeholder={state.cvcLength === 4 ? '1234' : '123'}
          value={values.cvc}
          error={errors.cvc}
          inputRef={(element) => void (form.inputs.current.cvc = element)}
          onChange={(event) => form.change('cvc', event.target.value)}
          onBlur={() => form.blur('cvc')}
        />
      </div>
      <Field
        label="Name on card"
        name={`${idPrefix}-ccname`}
        autoComplete="cc-name"
        spellCheck={false}
        value={values.holder}
        error={errors.holder}
        inputRef={(element) => void (form.inputs.current.holder = element)}
        onChange={(event) => form.change('holder', event.target.value)}
        onBlur={() => form.blur('holder')}
      />
    </div>
  );
}
