// The partner pages of the documentation, generated from the partners the code registers and what
// each declares (partners/profiles.ts): /docs/partners/ lists them all, /docs/partners/<partner>/
// says what one can do and how an entity configures it, /docs/partners/<partner>/<method>/ how a
// payment uses it, with its test data. A page the code does not back cannot exist, and a capability
// is shown as the adapter declares it, which the adapter's own tests hold it to. A file at a page's
// path under web/src/docs/content completes it with prose and runnable samples (docs-content.ts).
import type { GeneratedDocPage } from './docs-content.js';
import {
  CAPABILITY_LABELS,
  type PartnerCapabilities,
  type PartnerProfile,
  type TestDataTable,
} from '../../partners/profile.js';

const CAPABILITY_MEANINGS: Readonly<Record<keyof PartnerCapabilities, string>> = {
  partialCapture: 'Capture less than what is authorized.',
  multipleCaptures:
    'Capture an authorization several times; without it, the first capture releases what it leaves, which the payment shows as a void of the orchestrator’s.',
  partialVoid: 'Void part of what is held; without it, a void releases the whole hold.',
  multipleRefunds: 'Refund a capture in several parts.',
  partialAuthorization:
    'Authorizes less than asked when that is all there is (the payment is then refused and the hold voided).',
  threeDSecure: "3-D Secure, the challenge passed on the partner's page through the payment's `redirection`.",
  futureUsageTokens:
    'With `allow_future_usage`, a reusable `partner_token` that later payments and the wallet pay with.',
  notifications: 'Outcomes reached later are posted to Tessera, signed, and checked before the payment hears of them.',
  statusPolling: '`UNCERTAIN` and `PENDING` authorizations are settled by asking the partner again.',
};

const CAPABILITIES = Object.keys(CAPABILITY_LABELS) as (keyof PartnerCapabilities)[];

/** Text for MDX outside code: braces and angle brackets would be read as JSX. */
function text(value: string): string {
  return value.replace(/[{}<>]/g, (character) => `\\${character}`);
}

/** A table cell: Markdown allowed (code spans, links), no line breaks, no stray pipes. */
function cell(value: string): string {
  return value.replace(/\r?\n/g, ' ').replace(/\|/g, '\\|');
}

/** Facts as a list of `**label**: value` lines (a table needs a header these have not). */
function facts(rows: readonly (readonly [string, string])[]): string {
  return rows.map(([label, value]) => `- **${label}**: ${value}`).join('\n');
}

function table(columns: readonly string[], rows: readonly (readonly string[])[]): string {
  return [
    `| ${columns.map(cell).join(' | ')} |`,
    `|${columns.map(() => '---').join('|')}|`,
    ...rows.map((row) => `| ${row.map(cell).join(' | ')} |`),
  ].join('\n');
}

function frontmatter(fields: Record<string, string | number>): string {
  const lines = Object.entries(fields).map(
    ([key, value]) => `${key}: ${typeof value === 'number' ? value : JSON.stringify(value)}`,
  );
  return `---\n${lines.join('\n')}\n---\n`;
}

const minorUnits = (amount: number) => amount.toLocaleString('en-US');
const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
const partnerPath = (profile: PartnerProfile) => `/docs/partners/${profile.name}/`;
const methodPath = (profile: PartnerProfile, slug: string) => `/docs/partners/${profile.name}/${slug}/`;

function methodLinks(profile: PartnerProfile): string {
  return profile.methods
    .map((method) => `[${method.title}](${methodPath(profile, method.slug)}) (\`${method.method}\`)`)
    .join(', ');
}

function networkOf(profile: PartnerProfile): string {
  return profile.network === 'sandbox'
    ? "Tessera's sandbox partner network, shared by every entity"
    : "Live: each entity's own account at the partner";
}

function testDataSection(data: TestDataTable): string {
  return [`## ${text(data.title)}`, ...(data.intro ? [data.intro] : []), table(data.columns, data.rows)].join('\n\n');
}

function capabilitiesSection(profile: PartnerProfile): string {
  return [
    '## Capabilities',
    'What the adapter declares, and its tests hold it to. Tessera checks amounts before any call; what a partner cannot do is answered by the partner transaction as a `FAILURE`, never half done.',
    table(
      ['Capability', 'Supported', 'What it means'],
      CAPABILITIES.map((key) => [CAPABILITY_LABELS[key], yesNo(profile.capabilities[key]), CAPABILITY_MEANINGS[key]]),
    ),
  ].join('\n\n');
}

function notificationsSection(profile: PartnerProfile): string | undefined {
  const notifications = profile.notifications;
  if (!notifications) return undefined;
  return [
    '## Notifications',
    facts([
      ['Endpoint', `\`POST ${notifications.endpoint}\``],
      ['Verification', notifications.verification],
      ...(notifications.events
        ? [['Events', notifications.events.map((event) => `\`${event}\``).join(', ')] as const]
        : []),
    ]),
    'A notification that fails verification is answered `401` and changes nothing.',
  ].join('\n\n');
}

function configurationSection(profile: PartnerProfile): string {
  const contract = profile.defaultContract;
  const defaults = `${profile.currencies.join(', ')}, amounts from ${minorUnits(contract.min_amount)} to ${minorUnits(contract.max_amount)} minor units, priority ${contract.priority}`;
  if (profile.configuration.length === 0) {
    return [
      '## Configuration',
      `Nothing to configure: \`npm run merchant:create\` gives every new entity a contract with \`${profile.name}\` (${defaults}).`,
    ].join('\n\n');
  }
  const secrets = profile.configuration.filter((field) => field.required).map((field) => `${field.env}=…`);
  return [
    '## Configuration',
    `Each entity uses its own account: its credentials are stored encrypted, never shown again, never logged. They are read from the environment (never from the command line, where \`ps\` would show them). The contract given by default: ${defaults}.`,
    table(
      ['Setting', 'Environment variable', 'Required', 'What'],
      profile.configuration.map((field) => [
        `\`${field.name}\``,
        `\`${field.env}\``,
        field.required ? 'Yes' : 'No',
        `${field.description}${field.secret ? ' Secret.' : ''}`,
      ]),
    ),
    'A new entity with its account:',
    [
      '```bash',
      `${secrets.join(' ')} \\`,
      `  npm run merchant:create -- --name "My shop" --partner ${profile.name} --json`,
      '```',
    ].join('\n'),
    'An existing entity (again to replace its keys), with a narrower contract if you wish:',
    [
      '```bash',
      `${secrets.join(' ')} \\`,
      `  npm run partner:configure -- --entity "$ENTITY_ID" --partner ${profile.name} --currencies EUR,USD --min-amount 100`,
      '```',
    ].join('\n'),
    `The entity's sandbox contract for the same method is disabled, so that its checkout offers one choice per method (\`--keep-sandbox\` keeps both). Both commands print the entity's notification address${profile.notifications?.events ? ' and the events to send there' : ''}.`,
  ].join('\n\n');
}

function partnerPage(profile: PartnerProfile, position: number): GeneratedDocPage {
  const sections = [
    frontmatter({
      title: profile.displayName,
      // Shown as the page's lead paragraph.
      description: profile.summary,
      sidebar_label: profile.displayName,
      sidebar_position: position,
    }),
    facts([
      ['Kind', profile.kind],
      ['Network', networkOf(profile)],
      ['Methods', methodLinks(profile)],
      ['Currencies', profile.currencies.join(', ')],
    ]),
    capabilitiesSection(profile),
    notificationsSection(profile),
    configurationSection(profile),
  ];
  return { path: `partners/${profile.name}/index.mdx`, source: `${sections.filter(Boolean).join('\n\n')}\n` };
}

function methodPage(profile: PartnerProfile, index: number): GeneratedDocPage {
  const method = profile.methods[index]!;
  const capabilities = profile.capabilities;
  const operations = [
    `captures: ${capabilities.multipleCaptures ? 'several, partial' : capabilities.partialCapture ? 'one, partial allowed' : 'one, whole'}`,
    `voids: ${capabilities.partialVoid ? 'partial allowed' : 'of the whole hold'}`,
    `refunds: ${capabilities.multipleRefunds ? 'several, partial' : 'one'}`,
  ].join('; ');
  const summary = facts([
    ['Payment entry', `\`"partner": "${profile.name}"\`, \`"method": "${method.method}"\`, with ${method.instrument}`],
    ...(method.networks ? [['Networks', method.networks.join(', ')] as const] : []),
    ['Currencies', profile.currencies.join(', ')],
    ['3-D Secure', yesNo(capabilities.threeDSecure)],
    ['Tokens for future usage', yesNo(capabilities.futureUsageTokens)],
    ['Operations', operations],
  ]);
  const sections = [
    frontmatter({
      title: `${profile.displayName}: ${method.title.toLowerCase()}`,
      description: method.summary,
      sidebar_label: method.title,
      sidebar_position: index + 1,
      // The spec's scheme: a method page is addressed like a folder, /docs/partners/stripe/credit-card/.
      slug: methodPath(profile, method.slug).slice('/docs'.length),
    }),
    `See [${profile.displayName}](${partnerPath(profile)}) for everything the partner can do and how an entity configures it.`,
    summary,
    ...profile.testData.map(testDataSection),
    ...(profile.reference ?? []).map(testDataSection),
  ];
  return { path: `partners/${profile.name}/${method.slug}.mdx`, source: `${sections.join('\n\n')}\n` };
}

function indexPage(profiles: readonly PartnerProfile[]): GeneratedDocPage {
  const partners = table(
    ['Partner', 'Kind', 'Methods', 'Currencies', 'Network'],
    profiles.map((profile) => [
      `[${profile.displayName}](${partnerPath(profile)})`,
      profile.kind,
      methodLinks(profile),
      profile.currencies.join(', '),
      profile.network === 'sandbox' ? 'sandbox' : "live, the entity's own account",
    ]),
  );
  const capabilities = table(
    ['Capability', ...profiles.map((profile) => profile.displayName)],
    CAPABILITIES.map((key) => [CAPABILITY_LABELS[key], ...profiles.map((profile) => yesNo(profile.capabilities[key]))]),
  );
  const sections = [
    frontmatter({
      title: 'Partners',
      description:
        'Every payment partner Tessera routes to, with its methods, currencies and capabilities, and the sandbox partner network.',
      sidebar_label: 'Partners',
      sidebar_position: 3,
    }),
    'Tessera reaches payment partners through one adapter interface (authorize, capture, void, refund, status). This page, and each partner’s, is generated from the partners the code registers and what each adapter declares it can do.',
    partners,
    '## Capabilities',
    capabilities,
  ];
  return { path: 'partners/index.mdx', source: `${sections.join('\n\n')}\n` };
}

/** Every partner page: the index, one page per partner, one per method of each. */
export function partnerPages(profiles: readonly PartnerProfile[]): GeneratedDocPage[] {
  return [
    indexPage(profiles),
    ...profiles.flatMap((profile, index) => [
      partnerPage(profile, index + 1),
      ...profile.methods.map((_, methodIndex) => methodPage(profile, methodIndex)),
    ]),
  ];
}
