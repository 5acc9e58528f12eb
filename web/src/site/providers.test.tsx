// Hooks used outside their Provider must fail with a message naming the Provider (developer error).

import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { useAnnouncementBar } from './announcement/AnnouncementBarProvider';
import { ColorModeProvider, useColorMode } from './color-mode/ColorModeProvider';
import { DocsVersionProvider, useDocsVersion } from './docs-version/DocsVersionProvider';
import { ReactContextError, SiteConfigError } from './errors';
import { useMobileSidebar } from './navbar/MobileSidebarProvider';
import { useSearchModal } from './search/SearchProvider';
import type { StorageSlot } from './storage';

function renderHook(hook: () => unknown) {
  function Probe() {
    hook();
    return null;
  }
  return () => renderToString(<Probe />);
}

const memorySlot = (value: string | null = null): StorageSlot => ({
  get: () => value,
  set: () => {},
  del: () => {},
  listen: () => () => {},
});

describe('hooks outside their provider', () => {
  it.each([
    ['useColorMode', useColorMode, 'ColorModeProvider'],
    ['useAnnouncementBar', useAnnouncementBar, 'AnnouncementBarProvider'],
    ['useDocsVersion', useDocsVersion, 'DocsVersionProvider'],
    ['useSearchModal', useSearchModal, 'SearchProvider'],
    ['useMobileSidebar', useMobileSidebar, 'MobileSidebarProvider'],
  ])('%s throws a ReactContextError naming %s', (name, hook, provider) => {
    const render = renderHook(hook);
    expect(render).toThrow(ReactContextError);
    expect(render).toThrow(`Hook ${name} is called outside the <${provider}>.`);
  });
});

describe('providers with a bad configuration', () => {
  it('ColorModeProvider rejects an unknown default mode', () => {
    const config = { defaultMode: 'light' as const, disableSwitch: false, respectPrefersColorScheme: false };
    Reflect.set(config, 'defaultMode', 'sepia');
    expect(() =>
      renderToString(
        <ColorModeProvider config={config} slot={memorySlot()}>
          x
        </ColorModeProvider>,
      ),
    ).toThrow(SiteConfigError);
  });

  it('DocsVersionProvider rejects a version without a name', () => {
    const versions = [{ name: '', label: 'Next', path: '/docs', mainDocId: 'home' }];
    expect(() =>
      renderToString(
        <DocsVersionProvider versions={versions} slot={memorySlot()}>
          x
        </DocsVersionProvider>,
      ),
    ).toThrow(/has no name/);
  });

  it('providers work with their hooks inside, even over a storage holding junk', () => {
    function Probe() {
      const { colorMode, colorModeChoice } = useColorMode();
      const { activeVersion } = useDocsVersion();
      return <span>{`${colorMode}/${colorModeChoice ?? 'system'}/${activeVersion.name}`}</span>;
    }
    const html = renderToString(
      <ColorModeProvider
        config={{ defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: false }}
        slot={memorySlot('purple')}
      >
        <DocsVersionProvider
          versions={[{ name: 'current', label: 'Current', path: '/docs', mainDocId: 'home' }]}
          slot={memorySlot('gone')}
        >
          <Probe />
        </DocsVersionProvider>
      </ColorModeProvider>,
    );
    expect(html).toContain('light/system/current');
  });
});
