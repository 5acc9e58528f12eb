import { useCallback, useEffect, useState } from 'react';
import { siteConfig } from '../../site/site-config';
import { loadScriptJSWidget } from './load-widget-script';

type Status = { state: 'loading' } | { state: 'loaded' } | { state: 'error'; message: string };

function useWidgetScript(src: string): { status: Status; retry(): void } {
  const [status, setStatus] = useState<Status>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let active = true;
    setStatus({ state: 'loading' });
    loadScriptJSWidget(src).then(
      () => active && setStatus({ state: 'loaded' }),
      (error: unknown) =>
        active && setStatus({ state: 'error', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      active = false;
    };
  }, [src, attempt]);
  return { status, retry: useCallback(() => setAttempt((n) => n + 1), []) };
}

/** Loads the widget script from the running service and reports its state on the showcase page. */
export function CheckoutWidgetShowcase() {
  const src = siteConfig.checkoutWidget.scriptUrl;
  const { status, retry } = useWidgetScript(src);
  return (
    <div className="widget-showcase" data-state={status.state}>
      {status.state === 'loading' && (
        <p className="widget-showcase__status">
          Loading the checkout widget from <code>{src}</code>…
        </p>
      )}
      {status.state === 'loaded' && (
        <p className="widget-showcase__status">
          The checkout widget script is loaded from <code>{src}</code>.
        </p>
      )}
      {status.state === 'error' && (
        <div className="admonition admonition--danger" role="alert">
          <div className="admonition__title">Widget unavailable</div>
          <div className="admonition__content">
            <p>{status.message} Check that the Tessera service is running and serves the widget at that address.</p>
            <button type="button" className="button button--secondary" onClick={retry}>
              Retry
            </button>
          </div>
        </div>
      )}
      {/* Where the widget renders the checkout once it is available. */}
      <div id="tessera-checkout-widget" className="widget-showcase__mount" />
    </div>
  );
}
