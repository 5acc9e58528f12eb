// The hosted payment page at /entities/{entity_id}/sessions/{session_id}: its own address is the
// capability (no credential); the session's answer carries the publishable key for the vault.
import { useMemo } from 'react';
import { createCheckoutApi, openHostedSession } from '../core/api';
import { formatAmount, shopperLocale } from '../core/money';
import type { ClientSessionView } from '../core/types';
import { Checkout } from '../ui/Checkout';
import { PlainCardEntry } from '../ui/PlainCardEntry';
import { HostedPageFrame } from './HostedPageFrame';
import '../ui/checkout.css';
import './hosted-page.css';

export function HostedCheckoutPage({ entityId, sessionId }: { entityId: string; sessionId: string }) {
  const locale = useMemo(() => shopperLocale(), []);
  const api = useMemo(() => createCheckoutApi({ apiUrl: '' }), []);
  const open = useMemo(
    () => async () => {
      const opened = await openHostedSession(api, entityId, sessionId);
      api.setPublishableKey(opened.publishable_key);
      return opened.session;
    },
    [api, entityId, sessionId],
  );
  const onSession = (session: ClientSessionView) => {
    document.title = `Pay ${formatAmount(session.amount, session.currency, locale)} · Secure checkout`;
  };
  return (
    <Checkout
      variant="page"
      api={api}
      cardEntry={PlainCardEntry}
      frame={HostedPageFrame}
      open={open}
      locale={locale}
      onSession={onSession}
    />
  );
}
