import type { ReactNode } from 'react';

/** The main heading of a screen: focus moves here on route change (tabIndex -1, not in tab order). */
export function PageHeading({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <h1 className={className ? `page-title ${className}` : 'page-title'} tabIndex={-1}>
      {children}
    </h1>
  );
}
