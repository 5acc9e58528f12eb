// The shopper's checkout, shared by the hosted payment page and the embedded widget: loads the
// session, shows the order and the means of payment, or a page saying why it cannot be paid.
import { useCallback, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { CheckoutApiError, CheckoutNetworkError, type CheckoutApi } from '../core/api';
import { ignoreEvents, type CheckoutEventMap, type Emit } from '../core/events';
import { redirectMessage } from '../core/messages';
import { formatAmount } from '../core/money';
import { followRedirection, assignLocation, type Navigate } from '../core/navigation';
import { screenOf, type Outcome, type SessionScreen } from '../core/outcome';
import { loadSavedCards, type SavedCard } from '../core/saved-cards';
import { paymentOptions, type MethodKind, type PaymentOption } from '../core/solutions';
import type { ClientSessionView } from '../core/types';
import { CardEntryContext, type CardEntryComponent } from './card-entry';
import { HeadingBase, Heading } from './Heading';
import { LockIcon } from './icons';
import { OrderSummary } from './OrderSummary';
import { PaymentPanel } from './PaymentPanel';
import { StatusScreen, type Tone } from './StatusScreen';

export type LoadError = 'not-found' | 'network' | 'unavailable' | 'invalid';

export interface CheckoutProps {
  variant: 'page' | 'widget';
  api: CheckoutApi;
  /** How cards are typed: plain inputs (hosted page) or secure fields (widget). */
  cardEntry: CardEntryComponent;
  /** The page around the checkout (the hosted page's top bar); the widget's own box otherwise. */
  frame?: ComponentType<{ children: ReactNode }>;
  /** Opens the session: the first read moves it to CHOICE_IN_PROGRESS. */
  open(): Promise<ClientSessionView>;
  locale: string;
  emit?: Emit;
  navigate?: Navigate;
  /**
   * After an immediate authorization, send the shopper through Tessera's return route to the
   * merchant's shopper_redirection_url with the signed outcome (default). The widget may turn it
   * off and let the merchant's page react to the `success` event instead.
   */
  returnToMerchant?: boolean;
  /** The order's lines and total beside the form (the hosted page; the widget on request). */
  showSummary?: boolean;
  /** A load that failed before the session could be asked for (bad widget data). */
  initialError?: { kind: LoadError; message: string };
  now?: () => Date;
  onSession?(session: ClientSessionView): void;
  /** Forces a colour scheme (the widget's `theme` option); the shopper's system setting otherwise. */
  theme?: 'light' | 'dark' | undefined;
}

/** What the page says while the shopper is taken elsewhere. */
interface LeavingNotice {
  tone: Tone;
  title: string;
  message: string;
}

type View =
  | { kind: 'loading' }
  | { kind: 'load-error'; error: LoadError; message?: string }
  | {
      kind: 'session';
      session: ClientSessionView;
      screen: SessionScreen;
      options: PaymentOption[];
      savedCards: SavedCard[];
      refreshed: boolean;
    }
  | ({ kind: 'leaving' } & LeavingNotice)
  | { kind: 'done'; session: ClientSessionView };

const systemNow = () => new Date();

function loadErrorOf(error: unknown): LoadError {
  if (error instanceof CheckoutApiError)
    return error.status === 404 || error.status === 400 || error.status === 401 ? 'not-found' : 'unavailable';
  if (error instanceof CheckoutNetworkError) return 'network';
  return 'unavailable';
}

export function Checkout(props: CheckoutProps) {
  const {
    variant,
    api,
    open,
    locale,
    emit = ignoreEvents,
    navigate = assignLocation,
    returnToMerchant = true,
    showSummary = variant === 'page',
    now = systemNow,
    onSession,
  } = props;
  const [view, setView] = useState<View>(
    props.initialError
      ? { kind: 'load-error', error: props.initialError.kind, message: props.initialError.message }
      : { kind: 'loading' },
  );
  const [loads, setLoads] = useState(0);
  // The latest callbacks, so that a parent passing new functions on each render does not reload.
  const emitRef = useRef(emit);
  emitRef.current = emit;
  const openRef = useRef(open);
  openRef.current = open;
  const onSessionRef = useRef(onSession);
  onSessionRef.current = onSession;

  const load = useCallback(
    async (quiet: boolean): Promise<void> => {
      try {
        const session = await openRef.current();
        const options = paymentOptions(session.eligible_solutions);
        const screen = screenOf(session, api.apiUrl, now(), options.length);
        // Before the form shows, so that the favorite is the choice it opens with. A quiet refresh
        // keeps the form, and the list it was given, mounted: nothing to ask again.
        const savedCards = screen.kind === 'form' && !quiet ? await loadSavedCards(api, session, options, now()) : [];
        onSessionRef.current?.(session);
        setView({ kind: 'session', session, screen, options, savedCards, refreshed: quiet });
        if (!quiet) {
          emitRef.current({
            type: 'ready',
            detail: {
              session_id: session.id,
              status: session.status,
              amount: session.amount,
              currency: session.currency,
              methods: options.map(({ partner, method }) => ({ partner, method })),
              payable: screen.kind === 'form',
            },
          });
        }
      } catch (error) {
        // A quiet refresh after a failed submission keeps the form and its message on screen.
        if (quiet) return;
        const kind = loadErrorOf(error);
        setView({ kind: 'load-error', error: kind });
        emitRef.current({
          type: 'error',
          detail: {
            code: kind === 'not-found' ? 'not_found' : kind === 'network' ? 'network' : 'unavailable',
            message: error instanceof Error ? error.message : String(error),
          },
        });
      }
    },
    [api, now],
  );

  const hasInitialError = props.initialError !== undefined;
  useEffect(() => {
    if (hasInitialError) return;
    setView({ kind: 'loading' });
    void load(false);
    // `loads` runs the first load again after "Try again".
  }, [load, loads, hasInitialError]);

  const onOutcome = (outcome: Exclude<Outcome, { kind: 'failed' }>, kind: MethodKind, session: ClientSessionView) => {
    const send = (event: Parameters<Emit>[0]) => emitRef.current(event);
    // The shopper leaves the page: what it says meanwhile, and the redirect event the merchant's page
    // hears before it goes.
    const leave = (notice: LeavingNotice, href: string, target: CheckoutEventMap['redirect']['target']) => {
      setView({ kind: 'leaving', ...notice });
      send({ type: 'redirect', detail: { session_id: session.id, payment_id: outcome.paymentId, href, target } });
    };
    switch (outcome.kind) {
      case 'authorized':
        send({
          type: 'success',
          detail: { session_id: session.id, payment_id: outcome.paymentId, authorization_status: 'AUTHORIZED' },
        });
        if (!returnToMerchant) {
          setView({ kind: 'done', session });
          return;
        }
        leave(
          { tone: 'success', title: 'Payment accepted', message: 'Taking you back to the shop…' },
          outcome.returnUrl,
          'merchant',
        );
        navigate(outcome.returnUrl);
        return;
      case 'redirect':
        leave(
          {
            tone: 'info',
            title: kind === 'card' ? 'Confirm with your bank' : 'One more step',
            message: redirectMessage(kind),
          },
          outcome.redirection.href,
          'partner',
        );
        followRedirection(outcome.redirection, navigate);
        return;
      case 'return':
        leave(
          { tone: 'info', title: 'Payment submitted', message: 'Taking you back to the shop…' },
          outcome.returnUrl,
          'merchant',
        );
        navigate(outcome.returnUrl);
        return;
    }
  };

  const retry = () => setLoads((n) => n + 1);
  const Frame = props.frame;
  let content: ReactNode;
  switch (view.kind) {
    case 'loading':
      content = <Skeleton variant={variant} />;
      break;
    case 'load-error':
      content = <LoadErrorScreen variant={variant} error={view.error} message={view.message} onRetry={retry} />;
      break;
    case 'leaving':
      content = (
        <StatusScreen tone={view.tone} title={view.title} busy takeFocus>
          <p>{view.message}</p>
        </StatusScreen>
      );
      break;
    case 'done':
      content = (
        <StatusScreen tone="success" title="Payment accepted" takeFocus>
          <p>
            Thank you: your payment of {formatAmount(view.session.amount, view.session.currency, locale)} for order{' '}
            {view.session.order.reference} is authorized.
          </p>
        </StatusScreen>
      );
      break;
    case 'session':
      content =
        view.screen.kind === 'form' ? (
          <FormScreen
            key={view.session.id}
            variant={variant}
            view={view}
            showSummary={showSummary}
            api={api}
            locale={locale}
            now={now}
            emit={emit}
            onOutcome={(outcome, kind) => onOutcome(outcome, kind, view.session)}
            onStale={() => void load(true)}
          />
        ) : (
          <SessionStatus screen={view.screen} session={view.session} navigate={navigate} takeFocus={view.refreshed} />
        );
      break;
  }

  return (
    <CardEntryContext.Provider value={props.cardEntry}>
      <HeadingBase.Provider value={variant === 'page' ? 1 : 2}>
        {Frame ? (
          <Frame>{content}</Frame>
        ) : (
          <div className="tc-root tc-widget" data-theme={props.theme}>
            {content}
          </div>
        )}
      </HeadingBase.Provider>
    </CardEntryContext.Provider>
  );
}

function FormScreen({
  variant,
  view,
  showSummary,
  api,
  locale,
  now,
  emit,
  onOutcome,
  onStale,
}: {
  variant: 'page' | 'widget';
  view: Extract<View, { kind: 'session' }>;
  showSummary: boolean;
  api: CheckoutApi;
  locale: string;
  now: () => Date;
  emit: Emit;
  onOutcome(outcome: Exclude<Outcome, { kind: 'failed' }>, kind: MethodKind): void;
  onStale(): void;
}) {
  const { session, options, savedCards, screen } = view;
  const panel = (
    <div className="tc-payment-column">
      <PaymentPanel
        showTitle={variant === 'page'}
        session={session}
        options={options}
        savedCards={savedCards}
        api={api}
        locale={locale}
        now={now}
        emit={emit}
        {...(screen.kind === 'form' && screen.lastFailure ? { initialFailure: screen.lastFailure } : {})}
        onOutcome={onOutcome}
        onStale={onStale}
      />
      <p className="tc-secure-note">
        <LockIcon /> Card details go straight to Tessera’s vault: the shop never sees them.
      </p>
    </div>
  );
  return (
    <>
      {variant === 'page' && (
        <Heading depth={0} className="tc-title">
          Complete your payment
        </Heading>
      )}
      <div className={showSummary ? 'tc-columns' : 'tc-single'}>
        {showSummary && <OrderSummary session={session} locale={locale} />}
        {panel}
      </div>
    </>
  );
}

function SessionStatus({
  screen,
  session,
  navigate,
  takeFocus,
}: {
  screen: Exclude<SessionScreen, { kind: 'form' }>;
  session: ClientSessionView;
  navigate: Navigate;
  takeFocus: boolean;
}) {
  const backToShop = (
    <a className="tc-button tc-button--secondary" href={session.shopper_redirection_url}>
      Return to the shop
    </a>
  );
  const viaTessera = (href: string, label: string) => (
    <button type="button" className="tc-button tc-button--primary" onClick={() => navigate(href)}>
      {label}
    </button>
  );
  switch (screen.kind) {
    case 'paid':
      return (
        <StatusScreen
          tone="success"
          title="This order is already paid"
          actions={viaTessera(screen.returnUrl, 'Return to the shop')}
          takeFocus={takeFocus}
        >
          <p>The payment for order {session.order.reference} has been accepted. There is nothing more to pay.</p>
        </StatusScreen>
      );
    case 'processing':
      return (
        <StatusScreen
          tone="info"
          title="Your payment is being processed"
          actions={viaTessera(screen.returnUrl, 'Return to the shop')}
          takeFocus={takeFocus}
        >
          <p>
            We are waiting for the answer about order {session.order.reference}. Do not pay again: the shop will confirm
            the outcome.
          </p>
        </StatusScreen>
      );
    case 'expired':
      return (
        <StatusScreen
          tone="warning"
          title="This payment session has expired"
          actions={backToShop}
          takeFocus={takeFocus}
        >
          <p>
            No payment was taken for order {session.order.reference}. Return to the shop to start the payment again.
          </p>
        </StatusScreen>
      );
    case 'aborted':
      return (
        <StatusScreen tone="warning" title="This payment was cancelled" actions={backToShop} takeFocus={takeFocus}>
          <p>
            {screen.by === 'merchant' ? 'The shop cancelled this payment.' : 'This payment was cancelled.'} No payment
            was taken for order {session.order.reference}.
          </p>
        </StatusScreen>
      );
    case 'unavailable':
      return (
        <StatusScreen tone="warning" title="No payment method is available" actions={backToShop} takeFocus={takeFocus}>
          <p>
            None of the shop’s payment methods can be used for this order. Return to the shop to choose another way to
            pay.
          </p>
        </StatusScreen>
      );
  }
}

function LoadErrorScreen({
  variant,
  error,
  message,
  onRetry,
}: {
  variant: 'page' | 'widget';
  error: LoadError;
  message?: string | undefined;
  onRetry(): void;
}) {
  const retry = (
    <button type="button" className="tc-button tc-button--primary" onClick={onRetry}>
      Try again
    </button>
  );
  switch (error) {
    case 'not-found':
      return (
        <StatusScreen
          tone="danger"
          title={variant === 'page' ? 'This payment link is not valid' : 'This payment cannot be found'}
        >
          <p>
            {variant === 'page' ? 'It may be mistyped, or the payment may belong to another shop. ' : ''}Return to the
            shop and start the payment again.
          </p>
        </StatusScreen>
      );
    case 'network':
      return (
        <StatusScreen
          tone="warning"
          title={variant === 'page' ? 'We could not load the payment page' : 'We could not load the payment form'}
          actions={retry}
        >
          <p>Check your internet connection, then try again.</p>
        </StatusScreen>
      );
    case 'unavailable':
      return (
        <StatusScreen tone="warning" title="The payment service is temporarily unavailable" actions={retry}>
          <p>No payment was taken. Please try again in a moment.</p>
        </StatusScreen>
      );
    case 'invalid':
      return (
        <StatusScreen tone="danger" title="The payment form could not be loaded">
          <p>The shop’s checkout is not set up correctly{message ? ` (${message})` : ''}. Please contact the shop.</p>
        </StatusScreen>
      );
  }
}

/** Same boxes as the loaded page, so nothing moves when the session arrives. */
function Skeleton({ variant }: { variant: 'page' | 'widget' }) {
  return (
    <div className="tc-skeleton" aria-busy="true">
      <p className="tc-sr-only" role="status">
        Loading the payment…
      </p>
      {variant === 'page' && (
        <div className="tc-title tc-title--placeholder" aria-hidden="true">
          Complete your payment
        </div>
      )}
      <div className={variant === 'page' ? 'tc-columns' : 'tc-single'} aria-hidden="true">
        {variant === 'page' && (
          <div className="tc-summary tc-placeholder-box">
            <span className="tc-bone tc-bone--title" />
            <span className="tc-bone" />
            <span className="tc-bone tc-bone--short" />
          </div>
        )}
        <div className="tc-payment-column">
          <div className="tc-payment tc-placeholder-box">
            <span className="tc-bone tc-bone--title" />
            <span className="tc-bone tc-bone--option" />
            <span className="tc-bone tc-bone--option" />
            <span className="tc-bone tc-bone--option" />
          </div>
        </div>
      </div>
    </div>
  );
}
