// Error screens shared by every route (docs pages and, later, the checkout pages), so they stay tiny
// and live in the main bundle: a page whose code could not be downloaded offers "Retry"; a page that
// threw while rendering shows the crash page with "Try again".

import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { isChunkLoadError } from './load-errors';

export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const retry = () => {
    reset();
    // Re-runs the route's loaders and chunk loads.
    void router.invalidate();
  };
  if (isChunkLoadError(error)) return <LoadFailure error={error} onRetry={retry} />;
  return <CrashPage error={error} onTryAgain={retry} />;
}

export function LoadFailure({ error, onRetry }: { error: unknown; onRetry(): void }) {
  return (
    <div className="page-error" role="alert">
      <h1 className="page-error__title">This page failed to load.</h1>
      <p className="page-error__cause">{errorMessage(error)}</p>
      <button type="button" className="page-error__button" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}

export function CrashPage({ error, onTryAgain }: { error: unknown; onTryAgain(): void }) {
  return (
    <div className="page-error" role="alert">
      <h1 className="page-error__title">This page crashed.</h1>
      <button type="button" className="page-error__button" onClick={onTryAgain}>
        Try again
      </button>
      <p className="page-error__cause">{errorMessage(error)}</p>
    </div>
  );
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
