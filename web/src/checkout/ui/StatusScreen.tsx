import { useEffect, useRef, type ReactNode } from 'react';
import { Heading } from './Heading';
import { StatusIcon } from './icons';

export type Tone = 'success' | 'warning' | 'danger' | 'info';

/**
 * A page that says where the payment stands instead of a form (expired, cancelled, paid,
 * processing, leaving for the bank). When it replaces the form after an action, focus moves to its
 * heading so a screen reader reads it.
 */
export function StatusScreen({
  tone,
  title,
  children,
  actions,
  busy,
  takeFocus,
}: {
  tone: Tone;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  busy?: boolean;
  takeFocus?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (takeFocus) ref.current?.querySelector<HTMLElement>('[tabindex="-1"]')?.focus();
  }, [takeFocus]);
  return (
    <div ref={ref} className={`tc-status tc-status--${tone}`} data-screen={tone} aria-busy={busy || undefined}>
      {busy ? <span className="tc-spinner tc-spinner--large" aria-hidden="true" /> : <StatusIcon tone={tone} />}
      <Heading depth={0} className="tc-status-title" focusable>
        {title}
      </Heading>
      {children && <div className="tc-status-text">{children}</div>}
      {actions && <div className="tc-status-actions">{actions}</div>}
    </div>
  );
}
