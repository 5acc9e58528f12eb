// Inline icons (no requests, no icon font). Decorative: hidden from assistive technology.
import type { DetectedBrand } from '../core/card-input';

export function LockIcon() {
  return (
    <svg className="tc-icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5Zm-3 8V7a3 3 0 1 1 6 0v3H9Z"
      />
    </svg>
  );
}

export function StatusIcon({ tone }: { tone: 'success' | 'warning' | 'danger' | 'info' }) {
  const paths = {
    success: 'M9.5 16.2 5.3 12l-1.4 1.4 5.6 5.6 11-11-1.4-1.4z',
    warning: 'M12 2 1 21h22L12 2Zm1 15h-2v-2h2v2Zm0-4h-2V9h2v4Z',
    danger:
      'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm5 13.6L15.6 17 12 13.4 8.4 17 7 15.6 10.6 12 7 8.4 8.4 7 12 10.6 15.6 7 17 8.4 13.4 12 17 15.6Z',
    info: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm1 15h-2v-6h2v6Zm0-8h-2V7h2v2Z',
  } as const;
  return (
    <svg
      className={`tc-status-icon tc-status-icon--${tone}`}
      viewBox="0 0 24 24"
      width="40"
      height="40"
      aria-hidden="true"
      focusable="false"
    >
      <path fill="currentColor" d={paths[tone]} />
    </svg>
  );
}

const BRAND_TEXT: Record<DetectedBrand, string> = {
  VISA: 'VISA',
  MASTERCARD: 'MC',
  AMERICAN_EXPRESS: 'AMEX',
  CARTE_BANCAIRE: 'CB',
};

/** A small text badge per network: no logo files to download. */
export function BrandBadge({ brand }: { brand: DetectedBrand }) {
  return (
    <span className={`tc-brand tc-brand--${brand.toLowerCase()}`} aria-hidden="true">
      {BRAND_TEXT[brand]}
    </span>
  );
}
