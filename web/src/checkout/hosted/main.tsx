// Entry of web/checkout.html, the hosted payment page without the documentation app's router:
// React and the checkout only (see web/scripts/bundle-size.ts). The api serves this page for
// /entities/{entity_id}/sessions/{session_id}; the router's route of the same address renders the
// same component when the page is reached inside the app (dev server).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { HostedCheckoutPage } from './HostedCheckoutPage';
import { hostedPageAddress } from './page-address';
import { Checkout } from '../ui/Checkout';
import { PlainCardEntry } from '../ui/PlainCardEntry';
import { HostedPageFrame } from './HostedPageFrame';
import { createCheckoutApi } from '../core/api';
import '../ui/checkout.css';
import './hosted-page.css';

const container = document.getElementById('root');
if (!container) throw new Error('web/checkout.html must contain <div id="root">.');

const address = hostedPageAddress(window.location.pathname);
createRoot(container).render(
  <StrictMode>
    {address ? (
      <HostedCheckoutPage entityId={address.entityId} sessionId={address.sessionId} />
    ) : (
      <Checkout
        cardEntry={PlainCardEntry}
        frame={HostedPageFrame}
        variant="page"
        api={createCheckoutApi({ apiUrl: '' })}
        open={() => Promise.reject(new Error('not a payment address'))}
        locale="en"
        initialError={{ kind: 'not-found', message: 'not a payment address' }}
      />
    )}
  </StrictMode>,
);
