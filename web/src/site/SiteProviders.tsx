// Every context the documentation shell needs, in one place. Hooks such as useColorMode() throw a
// clear error when rendered outside these providers.

import type { ReactNode } from 'react';
import { AnnouncementBarProvider } from './announcement/AnnouncementBarProvider';
import { ColorModeProvider } from './color-mode/ColorModeProvider';
import { DocsVersionProvider } from './docs-version/DocsVersionProvider';
import { MobileSidebarProvider } from './navbar/MobileSidebarProvider';
import { SearchProvider } from './search/SearchProvider';
import { siteConfig } from './site-config';

export function SiteProviders({ children }: { children: ReactNode }) {
  return (
    <ColorModeProvider config={siteConfig.colorMode}>
      <AnnouncementBarProvider announcement={siteConfig.announcementBar}>
        <DocsVersionProvider versions={siteConfig.docs.versions}>
          <SearchProvider>
            <MobileSidebarProvider>{children}</MobileSidebarProvider>
          </SearchProvider>
        </DocsVersionProvider>
      </AnnouncementBarProvider>
    </ColorModeProvider>
  );
}
