// The hosted payment page around the checkout: Tessera's top bar and the page's main column
// (styles in ./hosted-page.css). The widget, inside a merchant's page, has none of it.
import type { ReactNode } from 'react';
import { LockIcon } from '../ui/icons';

export function HostedPageFrame({ children }: { children: ReactNode }) {
  return (
    <div className="tc-root tc-page">
      <header className="tc-topbar">
        <div className="tc-topbar-inner">
          <span className="tc-brandmark">
            <LockIcon /> Secure checkout
          </span>
          <span className="tc-topbar-note">Tessera</span>
        </div>
      </header>
      <main className="tc-main">{children}</main>
    </div>
  );
}
