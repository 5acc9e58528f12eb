// The hosted payment page inside the app's router (the dev server, or a deployment serving only
// index.html). The api serves web/checkout.html for this address instead, which renders the same
// component without the router (smaller download): see src/checkout/hosted/main.tsx.
import { createFileRoute } from '@tanstack/react-router';
import { HostedCheckoutPage } from '../checkout/hosted/HostedCheckoutPage';

export const Route = createFileRoute('/entities/$entityId/sessions/$sessionId')({
  component: function HostedCheckoutRoute() {
    const { entityId, sessionId } = Route.useParams();
    return <HostedCheckoutPage entityId={entityId} sessionId={sessionId} />;
  },
});
