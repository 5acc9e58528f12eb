// The card entry of the hosted page: plain inputs, on Tessera's own origin (the page is the
// vault's origin, no merchant script runs there). The card goes to the vault from this page.
import { useImperativeHandle } from 'react';
import { CheckoutApiError, vaultCard } from '../core/api';
import { CardFields } from './CardFields';
import type { CardEntryProps } from './card-entry';
import { useCardForm } from './useCardForm';

export function PlainCardEntry({ handle, idPrefix, api, now }: CardEntryProps) {
  const form = useCardForm(now);
  useImperativeHandle(handle, () => ({
    validate: () => form.validate(),
    async tokenize() {
      try {
        const vaulted = await vaultCard(api, form.vaultRequest());
        const holder = form.values.holder.trim();
        return {
          token: vaulted.vault_form_token,
          card: {
            ...(holder ? { holder_name: holder } : {}),
            ...(form.network ? { selected_network: form.network } : {}),
          },
        };
      } catch (error) {
        if (error instanceof CheckoutApiError && error.status === 400 && form.showVaultErrors(error.fieldErrors))
          return null;
        throw error;
      }
    },
  }));
  return <CardFields form={form} idPrefix={idPrefix} />;
}
