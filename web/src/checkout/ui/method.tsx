// What every method's form shares: its props, the pay button, card tokenization.
import { CheckoutApiError, type CheckoutApi } from '../core/api';
import type { PaymentOption } from '../core/solutions';
import type { ClientSessionView, SplitEntry } from '../core/types';
import type { CardForm } from './useCardForm';

/** What a method's form gives the panel: the split to submit, or null when its own checks failed. */
export type BuildSplit = () => Promise<SplitEntry[] | null>;

export interface MethodProps {
  option: PaymentOption;
  session: ClientSessionView;
  api: CheckoutApi;
  locale: string;
  now: () => Date;
  busy: boolean;
  /** The submit button's text. */
  payLabel: string;
  pay(build: BuildSplit): void;
}

/** Tokenizes the card at the vault; null (errors shown on the fields) when the vault refuses it. */
export async function vaultCardOf(
  api: CheckoutApi,
  form: CardForm,
): Promise<{ token: string; card: SplitEntry['card'] } | null> {
  try {
    const vaulted = await api.vaultCard(form.vaultRequest());
    const holder = form.values.holder.trim();
    return {
      token: vaulted.vault_form_token,
      card: { ...(holder ? { holder_name: holder } : {}), ...(form.network ? { selected_network: form.network } : {}) },
    };
  } catch (error) {
    if (error instanceof CheckoutApiError && error.status === 400 && form.showVaultErrors(error.fieldErrors))
      return null;
    throw error;
  }
}

export function PayButton({ label, busy }: { label: string; busy: boolean }) {
  return (
    <button type="submit" className="tc-button tc-button--primary tc-pay" disabled={busy}>
      {busy && <span className="tc-spinner" aria-hidden="true" />}
      {label}
    </button>
  );
}
