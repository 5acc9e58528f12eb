import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PARTNER_CATALOG } from '../../partners/catalog';
import { PARTNER_PROFILES } from '../../partners/profiles';
import type { PartnerProfile } from '../../partners/profile';
import { createDocsCompiler, listMdxFiles } from './docs-content';
import { partnerPages } from './partner-pages';

const contentDir = fileURLToPath(new URL('../src/docs/content', import.meta.url));
const profiles = Object.values(PARTNER_PROFILES);

describe('the partner pages', () => {
  it('are the index, a page per registered partner and one per method, at the spec’s addresses', () => {
    const paths = partnerPages(profiles).map((page) => page.path);
    expect(paths[0]).toBe('partners/index.mdx');
    for (const { name, methods } of PARTNER_CATALOG) {
      expect(paths).toContain(`partners/${name}/index.mdx`);
      for (const method of methods) {
        const slug = PARTNER_PROFILES[name].methods.find((declared) => declared.method === method)?.slug;
        expect(paths).toContain(`partners/${name}/${slug}.mdx`);
      }
    }
    expect(paths).toEqual(expect.arrayContaining(['partners/stripe/index.mdx', 'partners/stripe/credit-card.mdx']));
    expect(paths).toHaveLength(
      1 + profiles.length + profiles.reduce((count, profile) => count + profile.methods.length, 0),
    );
  });

  it('show each capability as the adapter declares it, and nothing of a partner that is not registered', () => {
    const stripe = partnerPages([PARTNER_PROFILES.stripe]).find(
      (page) => page.path === 'partners/stripe/index.mdx',
    )!.source;
    expect(stripe).toMatch(/\| Partial capture \| Yes \|/);
    expect(stripe).toMatch(/\| Several captures \| No \|/);
    expect(stripe).toMatch(/\| Several partial refunds \| Yes \|/);
    expect(stripe).toMatch(/\| 3-D Secure \| Yes \|/);
    expect(stripe).toMatch(/\| Tokens for future usage \| Yes \|/);
    expect(stripe).toContain('`POST /partners/stripe/notifications/{entity_id}`');
    expect(stripe).toContain('`STRIPE_SECRET_KEY`');
    const withoutThreeDs: PartnerProfile = {
      ...PARTNER_PROFILES.stripe,
      capabilities: { ...PARTNER_PROFILES.stripe.capabilities, threeDSecure: false },
    };
    expect(partnerPages([withoutThreeDs])[1]!.source).toMatch(/\| 3-D Secure \| No \|/);
    const index = partnerPages(profiles)[0]!.source;
    for (const profile of profiles)
      expect(index).toContain(`[${profile.displayName}](/docs/partners/${profile.name}/)`);
    expect(partnerPages([PARTNER_PROFILES['sandbox-card']])[0]!.source).not.toContain('stripe');
  });

  it("show Stripe's test cards and refusal reasons from the adapter's own tables", () => {
    const pages = partnerPages([PARTNER_PROFILES.stripe]);
    const method = pages.find((page) => page.path === 'partners/stripe/credit-card.mdx')!.source;
    expect(method).toContain(
      '| `4000000000009995` | `pm_card_chargeDeclinedInsufficientFunds` | REFUSED, INSUFFICIENT_FUNDS |',
    );
    expect(method).toContain('`"partner": "stripe"`, `"method": "creditcard"`');
    expect(method).toContain('| `insufficient_funds` | `INSUFFICIENT_FUNDS` |');
  });

  it('address each method page like a folder, as the spec does', () => {
    const method = partnerPages([PARTNER_PROFILES.stripe]).find(
      (page) => page.path === 'partners/stripe/credit-card.mdx',
    )!;
    expect(method.source).toContain('slug: "/partners/stripe/credit-card/"');
  });

  it('compile, with the files that complete them, into MDX the docs site builds', async () => {
    const pages = partnerPages(profiles);
    const compiler = createDocsCompiler({ contentDir, routeBase: '/docs', generatedPages: () => pages });
    for (const page of pages) {
      const file = join(contentDir, page.path);
      const { code } = await compiler.compile(file, compiler.sourceOf(file));
      expect(code, page.path).toContain('export const toc');
    }
    // The hand-written part follows the generated one on the same page.
    const stripe = compiler.sourceOf(join(contentDir, 'partners/stripe/index.mdx'));
    expect(stripe.indexOf('## Capabilities')).toBeLessThan(stripe.indexOf('## How Tessera uses Stripe'));
    // Every file under partners/ is a page of its own or completes a generated one.
    for (const file of listMdxFiles(join(contentDir, 'partners'))) {
      expect(() => compiler.sourceOf(file), file).not.toThrow();
    }
  }, 120_000);
});
