// The headless checkout: the checkout core (../core: the API calls, the session's options, the
// gift card plan, saved cards, what an answer means, following a redirection) behind a small
// object a merchant's own UI drives. Card numbers are typed in secure fields only.
import {
  CheckoutApiError,
  CheckoutNetworkError,
  createCheckoutApi,
  paymentMethodLimits,
  type CheckoutApi,
} from '../core/api';
import { giftCardProblemMessage, refusalMessage } from '../core/messages';
import { formatAmount, shopperLocale } from '../core/money';
import { followRedirection, assignLocation } from '../core/navigation';
import { outcomeOf, screenOf, type Outcome } from '../core/outcome';
import { loadSavedCards } from '../core/saved-cards';
import { paymentOptions } from '../core/solutions';
import { instalmentPlan } from '../core/split';
import type { ClientSessionView, SplitEntry } from '../core/types';
import { createListeners } from '../core/listeners';
import { decodeWidgetData, WidgetDataError } from '../core/widget-data';
import { createPublicSecureFields } from '../secure-fields/public-secure-fields';
import type { CardBrand, SecureFields } from '../secure-fields/secure-fields-api';
import { canMove, canSubmit } from './checkout-state';
import { TesseraCheckoutError, type ErrorCode } from './errors';
import type {
  CheckoutState,
  GiftCardPart,
  HeadlessCheckout,
  HeadlessCheckoutEventMap,
  HeadlessCheckoutOptions,
  PaymentMethod,
  PaymentResult,
  SavedPaymentMethod,
  SplitPlan,
} from './headless-api';
import { planSplit } from './split-plan';
import { HEADLESS_VERSION } from './version';

/** An API or network failure as a TesseraCheckoutError with its stable code. */
function errorOf(error: unknown, apiUrl: string, fallback: ErrorCode = 'unavailable'): TesseraCheckoutError {
  if (error instanceof TesseraCheckoutError) return error;
  if (error instanceof CheckoutNetworkError)
    return new TesseraCheckoutError('network', 'Tessera could not be reached.', { apiUrl, cause: error });
  if (error instanceof CheckoutApiError) {
    const options = { apiUrl, status: error.status, cause: error };
    if (error.status === 404) return new TesseraCheckoutError('session_not_found', error.message, options);
    if (error.status === 401 || error.status === 403)
      return new TesseraCheckoutError('unauthorized', error.message, options);
    if (error.status === 429) return new TesseraCheckoutError('rate_limited', error.message, options);
    // The session moved on while the shopper was paying: expired, or aborted by the merchant.
    if (error.problem?.error === 'session_expired')
      return new TesseraCheckoutError('session_expired', error.message, options);
    if (error.problem?.error === 'session_ended')
      return new TesseraCheckoutError('session_not_payable', error.message, options);
    if (error.status >= 500) return new TesseraCheckoutError('unavailable', error.message, options);
    if (error.fieldErrors.some((field) => field.pointer?.endsWith('/wallet_token')))
      return new TesseraCheckoutError('saved_method_unusable', error.message, options);
    return new TesseraCheckoutError(fallback === 'unavailable' ? 'split_invalid' : fallback, error.message, options);
  }
  return new TesseraCheckoutError(fallback, error instanceof Error ? error.message : String(error), { apiUrl });
}

const summaryOf = (session: ClientSessionView, locale: string) => ({
  id: session.id,
  amount: session.amount,
  currency: session.currency,
  status: session.status,
  expires_at: session.expires_at,
  order_reference: session.order.reference,
  formatted_amount: formatAmount(session.amount, session.currency, locale),
});

export async function createCheckout(options: HeadlessCheckoutOptions): Promise<HeadlessCheckout> {
  if (!options || typeof options !== 'object')
    throw new TesseraCheckoutError('invalid_options', 'createCheckout({ data }): options are required.');
  let data;
  try {
    data = decodeWidgetData(options.data);
  } catch (error) {
    throw new TesseraCheckoutError(
      'invalid_data',
      error instanceof WidgetDataError ? error.message : 'widget.data cannot be read.',
      { cause: error },
    );
  }
  const apiUrl = data.api_url;
  const api: CheckoutApi = createCheckoutApi({ apiUrl, publishableKey: data.publishable_key });
  const locale = shopperLocale(options.locale);
  const redirect = options.redirect ?? 'auto';

  const listeners = createListeners<HeadlessCheckoutEventMap>();
  const emit = listeners.emit;

  let state: CheckoutState = 'idle';
  let lastError: TesseraCheckoutError | undefined;
  const move = (next: CheckoutState, error?: TesseraCheckoutError) => {
    if (next !== state && !canMove(state, next)) return;
    const previous = state;
    state = next;
    lastError = error;
    if (previous !== next) emit('state', { state: next, previous });
    if (error) emit('error', error);
  };

  // ── Load the session, its methods' limits and the customer's saved cards ──
  let session: ClientSessionView;
  try {
    session = await api.openSession(data.session.id);
  } catch (error) {
    throw errorOf(error, apiUrl);
  }
  const options_ = paymentOptions(session.eligible_solutions);
  const now = () => new Date();
  const [limits, savedCards] = await Promise.all([
    paymentMethodLimits(api, session.id).catch(() => []),
    screenOf(session, apiUrl, now(), options_.length).kind === 'form'
      ? loadSavedCards(api, session, options_, now())
      : Promise.resolve([]),
  ]);
  const paymentMethods: PaymentMethod[] = options_.map((option) => {
    const limit = limits.find((known) => known.partner === option.partner && known.method === option.method);
    const count = option.kind === 'instalments' ? Number.parseInt(option.method, 10) : 0;
    return {
      id: option.id,
      partner: option.partner,
      method: option.method,
      kind: option.kind,
      label: option.label,
      limits: { min_amount: limit?.min_amount ?? 1, max_amount: limit?.max_amount ?? session.amount },
      ...(count > 0 ? { instalments: instalmentPlan(session.amount, count) } : {}),
    };
  });
  let savedMethods: SavedPaymentMethod[] = savedCards.map((card) => ({
    id: card.walletToken,
    partner: card.partner,
    method: card.method,
    brand: card.brand,
    last_four_digits: card.lastFour,
    expiry: card.expiry,
    favorite: card.favorite,
    title: card.title,
  }));

  let giftCard: { number: string; pin: string | undefined; last_four_digits: string; balance: number } | undefined;
  let selected: string | undefined =
    savedMethods[0]?.id ?? paymentMethods.find((method) => method.kind !== 'giftcard')?.id;
  let split: SplitPlan = plan();
  let cardFields: SecureFields | undefined;
  let expiryTimer: ReturnType<typeof setTimeout> | undefined;
  let destroyed = false;

  function plan(): SplitPlan {
    return planSplit({
      total: session.amount,
      currency: session.currency,
      methods: paymentMethods,
      saved: savedMethods,
      giftCard,
      selected,
    });
  }
  const replan = () => {
    split = plan();
    emit('split', split);
  };

  const screen = screenOf(session, apiUrl, now(), paymentMethods.length);
  switch (screen.kind) {
    case 'form':
      state = 'ready';
      break;
    case 'expired':
      state = 'expired';
      break;
    case 'paid':
    case 'processing':
      state = 'submitted';
      break;
    default:
      state = 'error';
      lastError = new TesseraCheckoutError(
        screen.kind === 'unavailable' ? 'method_not_available' : 'session_not_payable',
        screen.kind === 'unavailable' ? 'No payment method is available for this session.' : 'The session was aborted.',
        { apiUrl },
      );
  }
  // The session's own timer: past expires_at it can no longer be paid.
  const untilExpiry = Date.parse(session.expires_at) - Date.now();
  if (state === 'ready' && Number.isFinite(untilExpiry)) {
    expiryTimer = setTimeout(
      () => {
        if (state !== 'submitted') move('expired');
      },
      Math.max(0, Math.min(untilExpiry, 2_147_000_000)),
    );
  }

  const alive = () => {
    if (destroyed) throw new TesseraCheckoutError('destroyed', 'This checkout was destroyed.', { apiUrl });
  };

  const resultOf = (outcome: Exclude<Outcome, { kind: 'failed' }>): PaymentResult => {
    switch (outcome.kind) {
      case 'authorized':
        return { status: 'authorized', payment_id: outcome.paymentId, return_url: outcome.returnUrl };
      case 'redirect':
        return {
          status: 'redirect',
          payment_id: outcome.paymentId,
          redirection: {
            href: outcome.redirection.href,
            method: outcome.redirection.method,
            ...(outcome.redirection.body !== undefined ? { body: outcome.redirection.body } : {}),
          },
        };
      case 'return':
        return { status: 'pending', payment_id: outcome.paymentId, return_url: outcome.returnUrl };
    }
  };

  const handleRedirection = (result: PaymentResult) => {
    if (result.status === 'redirect')
      followRedirection(
        { href: result.redirection.href, method: result.redirection.method, body: result.redirection.body as never },
        assignLocation,
      );
    else assignLocation(result.return_url);
  };

  const fail = (error: TesseraCheckoutError): never => {
    move('error', error);
    throw error;
  };

  const checkout: HeadlessCheckout = {
    version: HEADLESS_VERSION,
    get state() {
      return state;
    },
    get error() {
      return lastError;
    },
    get session() {
      return summaryOf(session, locale);
    },
    get paymentMethods() {
      return paymentMethods.map((method) => ({ ...method, limits: { ...method.limits } }));
    },
    get savedMethods() {
      return savedMethods.map((method) => ({ ...method }));
    },
    get split() {
      return split;
    },
    on: listeners.on,
    off: listeners.off,
    createCardFields(fieldOptions = {}) {
      alive();
      if (cardFields) return cardFields;
      cardFields = createPublicSecureFields({ apiUrl, publishableKey: data.publishable_key, ...fieldOptions });
      return cardFields;
    },
    mountCardFields(containers, fieldOptions = {}) {
      const { fields: perField = {}, ...rest } = fieldOptions;
      const fields = checkout.createCardFields(rest);
      for (const name of ['number', 'expiry', 'cvc', 'holder'] as const) {
        const container = containers[name];
        if (container !== undefined) fields.mount(name, container, perField[name] ?? {});
      }
      return fields;
    },
    async addGiftCard({ number, pin }) {
      alive();
      const method = paymentMethods.find((candidate) => candidate.kind === 'giftcard');
      if (!method)
        throw new TesseraCheckoutError('method_not_available', 'This session offers no gift card.', { apiUrl });
      const digits = String(number ?? '').replace(/\D+/g, '');
      let balance;
      try {
        const vaulted = await api.vaultGiftCard({ number: digits, ...(pin ? { pin } : {}) });
        balance = await api.giftCardBalance(vaulted.vault_form_token, session.currency);
      } catch (error) {
        if (error instanceof CheckoutApiError && error.status === 400) {
          const first = error.fieldErrors[0];
          throw new TesseraCheckoutError('gift_card_invalid', error.message, {
            apiUrl,
            status: 400,
            shopperMessage: giftCardProblemMessage(first?.pointer, first?.detail),
            ...(first?.pointer ? { fields: [first.pointer.replace(/^\//, '')] } : {}),
          });
        }
        throw errorOf(error, apiUrl);
      }
      if (!balance.active || balance.balance <= 0)
        throw new TesseraCheckoutError(
          'gift_card_empty',
          balance.active ? 'The gift card has no balance left.' : 'The gift card is not activated.',
          { apiUrl },
        );
      giftCard = {
        number: digits,
        pin,
        last_four_digits: balance.gift_card.last_four_digits,
        balance: balance.balance,
      };
      replan();
      return { ...(split.giftCard as GiftCardPart) };
    },
    removeGiftCard() {
      giftCard = undefined;
      replan();
    },
    selectMethod(id) {
      alive();
      const known =
        savedMethods.some((card) => card.id === id) ||
        paymentMethods.some((method) => method.id === id && method.kind !== 'giftcard');
      if (!known)
        throw new TesseraCheckoutError('method_not_available', `${id} is not a method of this session.`, { apiUrl });
      selected = id;
      replan();
    },
    async submitPayment(submitOptions = {}) {
      alive();
      if (state === 'expired')
        throw new TesseraCheckoutError('session_expired', 'The session has expired.', { apiUrl });
      if (state === 'submitting')
        throw new TesseraCheckoutError('submission_in_progress', 'A payment is being submitted.', { apiUrl });
      if (!canSubmit(state, true) || (state === 'error' && lastError?.code === 'session_not_payable'))
        throw lastError ?? new TesseraCheckoutError('session_not_payable', 'The session cannot be paid.', { apiUrl });
      const current = plan();
      if (!current.complete)
        fail(
          new TesseraCheckoutError(
            current.problem?.includes('limits') || current.problem?.includes('takes')
              ? 'amount_out_of_limits'
              : 'split_invalid',
            `The split is not complete: ${current.problem ?? 'nothing selected'}.`,
            { apiUrl },
          ),
        );
      const cardPart = current.parts.some((part) => part.kind === 'card');
      if (cardPart && !cardFields)
        fail(
          new TesseraCheckoutError('card_fields_missing', 'Mount the card fields (mountCardFields) first.', { apiUrl }),
        );
      // The card's own checks first: a card not complete is no submission (each field says why).
      if (cardPart && !cardFields!.validate()) {
        const fields = Object.values(cardFields!.states)
          .filter((field) => !field.valid)
          .map((field) => field.field);
        fail(new TesseraCheckoutError('card_invalid', 'The card is not complete or not valid.', { apiUrl, fields }));
      }
      move('submitting');
      const entries: SplitEntry[] = [];
      try {
        for (const part of current.parts) {
          if (part.kind === 'giftcard' && giftCard) {
            // A fresh token for each submission: a token used by a refused attempt is spent.
            const vaulted = await api.vaultGiftCard({
              number: giftCard.number,
              ...(giftCard.pin ? { pin: giftCard.pin } : {}),
            });
            entries.push({
              amount: part.amount,
              partner: part.partner,
              method: part.method,
              vault_form_token: vaulted.vault_form_token,
            });
          } else if (part.kind === 'card' && cardFields) {
            const tokenized = await cardFields.tokenize();
            const brands = tokenized.card.detected_brands as CardBrand[];
            const network =
              brands.length > 1
                ? submitOptions.network && brands.includes(submitOptions.network)
                  ? submitOptions.network
                  : brands[0]
                : undefined;
            entries.push({
              amount: part.amount,
              partner: part.partner,
              method: part.method,
              vault_form_token: tokenized.vault_form_token,
              ...(network ? { card: { selected_network: network } } : {}),
            });
          } else if (part.kind === 'saved') {
            entries.push({ amount: part.amount, partner: part.partner, method: part.method, wallet_token: part.id });
          } else {
            entries.push({ amount: part.amount, partner: part.partner, method: part.method });
          }
        }
      } catch (error) {
        return fail(errorOf(error, apiUrl));
      }
      let outcome: Outcome;
      try {
        const submission = await api.submitPayment(session.id, entries);
        session = submission.session;
        outcome = outcomeOf(submission.payment, apiUrl);
      } catch (error) {
        const failure = errorOf(error, apiUrl, 'split_invalid');
        if (failure.code === 'session_expired') {
          clearTimeout(expiryTimer);
          move('expired', failure);
          throw failure;
        }
        return fail(failure);
      }
      if (outcome.kind === 'failed') {
        // Another card next time; the gift card is tokenized again at the next submission.
        cardFields?.clear();
        const code: ErrorCode = outcome.status === 'REFUSED' ? 'payment_refused' : 'payment_failed';
        return fail(
          new TesseraCheckoutError(code, `The payment was ${outcome.status.toLowerCase()}.`, {
            apiUrl,
            shopperMessage: outcome.reason ? refusalMessage(outcome.reason) : outcome.message,
            ...(outcome.reason ? { reason: outcome.reason } : {}),
          }),
        );
      }
      const result = resultOf(outcome);
      clearTimeout(expiryTimer);
      move('submitted');
      emit('result', result);
      if (redirect === 'auto') handleRedirection(result);
      return result;
    },
    handleRedirection,
    async removeSavedMethod(id) {
      alive();
      try {
        await api.removeSavedMethod(session.id, id);
      } catch (error) {
        if (!(error instanceof CheckoutApiError && error.status === 404)) throw errorOf(error, apiUrl);
      }
      savedMethods = savedMethods.filter((card) => card.id !== id);
      if (selected === id) selected = paymentMethods.find((method) => method.kind === 'card')?.id;
      replan();
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      clearTimeout(expiryTimer);
      cardFields?.destroy();
      listeners.clear();
    },
  };
  return checkout;
}
