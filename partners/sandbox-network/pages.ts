// Server-rendered shopper pages of the sandbox: the issuer's 3-D Secure ACS, the wallet's
// approval page and the lender's page. Plain accessible HTML, inline styles, no scripts, no
// external resources. Forms post to the page's own URL (no action attribute), so the pages work
// behind any public URL prefix.
import type { Currency } from '../catalog';
import { instalmentPlan } from './test-data';
import type { PageKind, PageView } from './engine';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function formatAmount(minor: number, currency: Currency): string {
  const exponent = currency === 'JPY' ? 0 : 2;
  return new Intl.NumberFormat('en', { style: 'currency', currency, minimumFractionDigits: exponent }).format(
    minor / 10 ** exponent,
  );
}

/** Form values each page posts as `decision`, and which of them accepts. */
export const PAGE_DECISIONS: Record<
  PageKind,
  { accept: string; refuse: string; acceptLabel: string; refuseLabel: string }
> = {
  challenge: {
    accept: 'complete',
    refuse: 'fail',
    acceptLabel: 'Complete authentication',
    refuseLabel: 'Fail authentication',
  },
  wallet: { accept: 'approve', refuse: 'decline', acceptLabel: 'Approve payment', refuseLabel: 'Decline' },
  lender: { accept: 'apply', refuse: 'cancel', acceptLabel: 'Apply for this plan', refuseLabel: 'Cancel' },
};

const TITLES: Record<PageKind, string> = {
  challenge: 'Sandbox bank: 3-D Secure verification',
  wallet: 'Sandbox wallet: approve your payment',
  lender: 'Sandbox lender: pay in instalments',
};

const STYLE = `
  body { font-family: system-ui, sans-serif; margin: 0; background: #f4f5f7; color: #1a1a1a; line-height: 1.5; }
  main { max-width: 32rem; margin: 3rem auto; background: #fff; padding: 2rem; border-radius: 8px; border: 1px solid #c9ccd1; }
  h1 { font-size: 1.4rem; margin-top: 0; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; }
  dt { font-weight: 600; }
  dd { margin: 0; }
  table { border-collapse: collapse; width: 100%; margin: 1rem 0; }
  th, td { text-align: left; padding: .35rem .5rem; border-bottom: 1px solid #c9ccd1; }
  .actions { display: flex; gap: 1rem; flex-wrap: wrap; margin-top: 1.5rem; }
  button { font: inherit; padding: .6rem 1.2rem; border-radius: 6px; border: 2px solid #1d4ed8; cursor: pointer; }
  button.accept { background: #1d4ed8; color: #fff; }
  button.refuse { background: #fff; color: #1d4ed8; }
  button:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
  .note { color: #4b5563; font-size: .9rem; }
`;

function layout(title: string, content: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${content}
</main>
</body>
</html>
`;
}

function summary(view: PageView): string {
  const rows: [string, string][] = [['Amount', formatAmount(view.amount, view.currency)]];
  if (view.orderReference) rows.push(['Order', view.orderReference]);
  if (view.lastFour) rows.push(['Card', `ending in ${view.lastFour}`]);
  return `<dl>${rows.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('')}</dl>`;
}

export function renderPage(view: PageView): string {
  const title = TITLES[view.kind];
  if (!view.open) {
    return layout(
      title,
      `${summary(view)}<p role="status">This request has already been answered (status ${escapeHtml(view.status)}). You can close this page.</p>`,
    );
  }
  const d = PAGE_DECISIONS[view.kind];
  let intro = '';
  if (view.kind === 'challenge') {
    intro = '<p>Your bank asks you to confirm this payment. In this sandbox no code is needed: choose the outcome.</p>';
  } else if (view.kind === 'wallet') {
    intro = '<p>A merchant asks to charge your sandbox wallet.</p>';
  } else {
    const count = Number(view.method.replace('x', '')) || 3;
    const plan = instalmentPlan(view.amount, count)
      .map(
        (amount, i) =>
          `<tr><th scope="row">${i + 1}</th><td>${i === 0 ? 'Today' : `In ${i * 30} days`}</td><td>${escapeHtml(formatAmount(amount, view.currency))}</td></tr>`,
      )
      .join('');
    intro = `<p>Pay in ${count} instalments. The lender answers the merchant shortly after you apply.</p>
<table><caption class="note">Repayment schedule</caption><thead><tr><th scope="col">#</th><th scope="col">Due</th><th scope="col">Amount</th></tr></thead><tbody>${plan}</tbody></table>`;
  }
  return layout(
    title,
    `${summary(view)}${intro}
<form method="post">
<div class="actions">
<button type="submit" class="accept" name="decision" value="${d.accept}">${escapeHtml(d.acceptLabel)}</button>
<button type="submit" class="refuse" name="decision" value="${d.refuse}">${escapeHtml(d.refuseLabel)}</button>
</div>
</form>
<p class="note">Sandbox partner network: no real money moves.</p>`,
  );
}

/** Shown after a decision when the orchestrator gave no return_url. */
export function renderDone(view: PageView): string {
  return layout(
    TITLES[view.kind],
    `${summary(view)}<p role="status">Done: status ${escapeHtml(view.status)}. You can close this page.</p>`,
  );
}

export function renderNotFound(): string {
  return layout('Not found', '<p>No such transaction.</p>');
}
