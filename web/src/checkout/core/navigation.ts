// Leaving the checkout: a partner's page (3-D Secure, wallet, lender) or Tessera's return route.
import type { Redirection } from './types';

export type Navigate = (href: string) => void;

export const assignLocation: Navigate = (href) => {
  // The top window: a widget inside a merchant's iframe still takes the whole page to the bank.
  window.location.assign(href);
};

/** Form fields of a POST redirection's body (an object, or an urlencoded string). */
export function redirectionFields(body: Redirection['body']): [string, string][] {
  if (!body) return [];
  if (typeof body === 'string') return [...new URLSearchParams(body)];
  return Object.entries(body).map(([name, value]) => [name, typeof value === 'string' ? value : JSON.stringify(value)]);
}

/** GET: go there. POST: submit a form with the body's fields (as partners' ACS pages expect). */
export function followRedirection(
  redirection: Redirection,
  navigate: Navigate,
  doc: Document | undefined = globalThis.document,
): void {
  if ((redirection.method ?? 'GET').toUpperCase() !== 'POST' || !doc) {
    navigate(redirection.href);
    return;
  }
  const form = doc.createElement('form');
  form.method = 'POST';
  form.action = redirection.href;
  form.hidden = true;
  for (const [name, value] of redirectionFields(redirection.body)) {
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  doc.body.appendChild(form);
  form.submit();
}
