// The headless demo shop (headless.html): a merchant's own checkout page on Tessera's headless SDK,
// plain JavaScript as a merchant would write it. Every SDK event is printed on the console as
// `[tessera-headless] <type> <json>` (the end-to-end tests read them).
import { createCheckout } from '/sdk/v1/tessera-headless.mjs';

const $ = (id) => document.getElementById(id);
const log = (type, detail) => console.info(`[tessera-headless] ${type} ${JSON.stringify(detail)}`);
const money = (amount, currency) => {
  const format = new Intl.NumberFormat(navigator.language, { style: 'currency', currency });
  return format.format(amount / 10 ** format.resolvedOptions().maximumFractionDigits);
};

async function main() {
  const data = new URLSearchParams(location.search).get('widget_data');
  if (!data) {
    $('state').textContent = 'No session: open this page with ?widget_data=…';
    return;
  }
  let checkout;
  try {
    checkout = await createCheckout({ data });
  } catch (error) {
    log('error', { code: error.code, message: error.message });
    $('state').textContent = '';
    $('error').textContent = `${error.message} (${error.code})`;
    return;
  }
  const { session } = checkout;
  log('ready', { state: checkout.state, methods: checkout.paymentMethods, saved: checkout.savedMethods });
  $('state').textContent = `State: ${checkout.state}`;
  checkout.on('state', (change) => {
    log('state', change);
    $('state').textContent = `State: ${change.state}`;
  });
  checkout.on('error', (error) => log('error', { code: error.code, message: error.message, reason: error.reason }));
  checkout.on('result', (result) => log('result', result));
  if (checkout.state !== 'ready') return;

  $('checkout').hidden = false;
  $('total').textContent = session.formatted_amount;
  $('pay').textContent = `Pay ${session.formatted_amount}`;

  // The card form: Tessera's secure fields in this page's boxes.
  const fields = checkout.mountCardFields(
    { number: '#card-number', expiry: '#card-expiry', cvc: '#card-cvc', holder: '#card-holder' },
    { style: { base: { fontFamily: 'Georgia, serif', color: '#2b2118' }, invalid: { color: '#b42318' } } },
  );
  for (const type of ['ready', 'focus', 'formValid', 'brandDetected', 'submit'])
    fields.on(type, (detail) => log(`card-${type}`, detail));
  fields.on('change', (state) => {
    $(`error-${state.field}`).textContent = state.error ?? '';
  });
  fields.on('blur', (state) => {
    $(`error-${state.field}`).textContent = state.error ?? '';
  });
  fields.on('brandDetected', ({ brands, coBadged }) => {
    $('network-choice').hidden = !coBadged;
    $('network').replaceChildren(...brands.map((brand) => new Option(brand, brand)));
  });
  fields.on('submit', () => $('checkout').requestSubmit());

  // The means of payment: saved cards first, then the session's methods (a gift card is applied apart).
  const choices = [
    ...checkout.savedMethods.map((saved) => ({ id: saved.id, label: `${saved.title} (expires ${saved.expiry})` })),
    ...checkout.paymentMethods
      .filter((method) => method.kind !== 'giftcard')
      .map((method) => ({ id: method.id, label: method.kind === 'card' ? 'New card' : method.label })),
  ];
  const showSplit = (split) => {
    const isCard = split.parts.some((part) => part.kind === 'card');
    $('card').hidden = !isCard;
    $('split').textContent = split.parts
      .map((part) => `${part.kind} ${money(part.amount, split.currency)}`)
      .join(' + ');
    $('rest-label').textContent = split.giftCard ? 'the rest with' : 'with';
  };
  $('methods').replaceChildren(
    ...choices.map((choice, index) => {
      const label = document.createElement('label');
      const radio = Object.assign(document.createElement('input'), { type: 'radio', name: 'method', value: choice.id });
      radio.checked =
        checkout.split.parts.some((part) => part.id === choice.id) || (index === 0 && !checkout.split.parts.length);
      radio.addEventListener('change', () => checkout.selectMethod(choice.id));
      label.append(radio, ` ${choice.label}`);
      return label;
    }),
  );
  checkout.on('split', (split) => {
    log('split', split);
    showSplit(split);
  });
  showSplit(checkout.split);

  if (checkout.paymentMethods.some((method) => method.kind === 'giftcard')) {
    $('giftcard').hidden = false;
    const applyGiftCard = async () => {
      $('giftcard-status').textContent = 'Checking…';
      try {
        const part = await checkout.addGiftCard({ number: $('giftcard-number').value, pin: $('giftcard-pin').value });
        $('giftcard-status').textContent =
          `Gift card ending in ${part.last_four_digits}: ${money(part.amount, session.currency)} of its ` +
          `${money(part.balance, session.currency)} balance.`;
      } catch (error) {
        $('giftcard-status').textContent = error.shopperMessage ?? error.message;
      }
    };
    $('giftcard-apply').addEventListener('click', () => void applyGiftCard());
  }

  const pay = async () => {
    $('error').textContent = '';
    $('pay').disabled = true;
    try {
      await checkout.submitPayment({ network: $('network').value || undefined });
    } catch (error) {
      $('error').textContent = error.shopperMessage ?? error.message;
      if (error.fields?.length) fields.focus(error.fields[0]);
      $('pay').disabled = false;
    }
  };
  $('checkout').addEventListener('submit', (event) => {
    event.preventDefault();
    void pay();
  });
}

void main();
