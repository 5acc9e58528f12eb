import { useState, type ReactNode } from 'react';

/**
 * A <details> whose content is rendered only once opened: an API document nests hundreds of
 * fields, and rendering them all up front made the v2 reference take seconds to appear.
 */
export function Disclosure({
  summary,
  defaultOpen,
  className,
  children,
}: {
  summary: ReactNode;
  defaultOpen: boolean;
  className: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(defaultOpen);
  return (
    <details className={className} open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{summary}</summary>
      {open && children}
    </details>
  );
}
