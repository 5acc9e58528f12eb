// Screenshots for people to look at (test-artifacts/docs/, git-ignored): home, a doc page in light
// and dark mode, the mobile sidebar, the search modal and the API v2 reference.

import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { gotoAndRender, startSite, waitForApp, type Site } from './site';

const dir = fileURLToPath(new URL('../../../test-artifacts/docs', import.meta.url));

let site: Site;
beforeAll(async () => {
  mkdirSync(dir, { recursive: true });
  site = await startSite();
});
afterAll(async () => {
  await site?.close();
});

it('takes the screenshots', async () => {
  const page = await site.open('/');
  await page.screenshot({ path: join(dir, 'home.png') });

  await gotoAndRender(page, `${site.url}/docs/integrate/getting-started`);
  await page.screenshot({ path: join(dir, 'doc-light.png') });
  await page.evaluate(() => window.localStorage.setItem('theme', 'dark'));
  await page.reload();
  await waitForApp(page);
  await page.screenshot({ path: join(dir, 'doc-dark.png') });
  await page.evaluate(() => window.localStorage.removeItem('theme'));

  await gotoAndRender(page, `${site.url}/docs`);
  await page.keyboard.press('Control+k');
  await page.getByRole('searchbox', { name: 'Search docs' }).fill('capture');
  await page.getByRole('link', { name: /^See all \d+ results$/ }).waitFor();
  await page.screenshot({ path: join(dir, 'search-modal.png') });

  await gotoAndRender(page, `${site.url}/api-v2`);
  await page.screenshot({ path: join(dir, 'api-v2.png') });
  await page.evaluate(() => window.localStorage.setItem('theme', 'dark'));
  await gotoAndRender(page, `${site.url}/api-v2#post-v2-payments-id-captures`);
  await page.reload();
  await waitForApp(page);
  await page.screenshot({ path: join(dir, 'api-v2-dark.png') });

  const mobile = await site.open('/docs/understand/payment-concepts', { width: 900, height: 900 });
  await mobile.getByRole('button', { name: 'Toggle navigation bar' }).click();
  await mobile.getByRole('dialog', { name: 'Navigation' }).waitFor();
  await mobile.screenshot({ path: join(dir, 'mobile-sidebar.png') });
  await mobile.getByRole('button', { name: '← Back to main menu' }).click();
  await mobile.screenshot({ path: join(dir, 'mobile-sidebar-main-menu.png') });

  for (const name of [
    'home',
    'doc-light',
    'doc-dark',
    'search-modal',
    'api-v2',
    'api-v2-dark',
    'mobile-sidebar',
    'mobile-sidebar-main-menu',
  ]) {
    expect(existsSync(join(dir, `${name}.png`)), name).toBe(true);
  }
});
