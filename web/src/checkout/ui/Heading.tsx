import { createContext, useContext, type ReactNode } from 'react';

/** The hosted page starts at <h1>; the widget, inside a merchant's page, at <h2>. */
export const HeadingBase = createContext<1 | 2>(1);

export function Heading({
  depth,
  id,
  className,
  children,
  focusable,
}: {
  depth: 0 | 1 | 2;
  id?: string;
  className?: string;
  children: ReactNode;
  focusable?: boolean;
}) {
  const level = Math.min(6, useContext(HeadingBase) + depth);
  const Tag = `h${level}` as 'h1';
  return (
    <Tag id={id} className={className} tabIndex={focusable ? -1 : undefined}>
      {children}
    </Tag>
  );
}
