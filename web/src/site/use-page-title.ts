import { useEffect } from 'react';
import { siteConfig } from './site-config';

export function usePageTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} | ${siteConfig.title}` : `${siteConfig.title} documentation`;
  }, [title]);
}
