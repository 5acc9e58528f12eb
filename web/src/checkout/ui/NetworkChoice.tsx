// What a card form says of the card's networks: the badges' announcement for screen readers, and
// on a co-badged card the shopper's choice of network. Shared by the plain and the secure card entry.
import { useId } from 'react';
import { NETWORK_LABELS, type DetectedBrand } from '../core/card-input';
import { BrandBadge } from './icons';

export function NetworkChoice({
  brands,
  network,
  onChoose,
}: {
  brands: readonly DetectedBrand[];
  network: DetectedBrand | undefined;
  onChoose(brand: DetectedBrand): void;
}) {
  const name = useId();
  return (
    <>
      {/* What screen readers hear about the detected network, once it is known. */}
      <p className="tc-sr-only" aria-live="polite">
        {brands.length > 0 ? `${brands.map((brand) => NETWORK_LABELS[brand]).join(' and ')} card` : ''}
      </p>
      {brands.length > 1 && (
        <fieldset className="tc-networks">
          <legend className="tc-label">Card network</legend>
          <p className="tc-hint">Your card works on two networks. Choose the one to use.</p>
          <div className="tc-network-options">
            {brands.map((brand) => (
              <label key={brand} className={`tc-network${network === brand ? ' tc-network--selected' : ''}`}>
                <input
                  type="radio"
                  name={name}
                  value={brand}
                  checked={network === brand}
                  onChange={() => onChoose(brand)}
                />
                <BrandBadge brand={brand} />
                <span>{NETWORK_LABELS[brand]}</span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
    </>
  );
}
