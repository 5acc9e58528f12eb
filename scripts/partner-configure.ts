// npm run partner:configure -- --entity <id> --partner stripe [--methods creditcard]
//   [--currencies EUR,USD] [--min-amount 50] [--max-amount 99999999] [--priority 5] [--keep-sandbox] [--json]
// Gives an existing entity its own account at a partner that works per merchant (Stripe), or
// replaces it (a rolled key): the credentials from the environment (STRIPE_SECRET_KEY,
// STRIPE_WEBHOOK_SECRET, STRIPE_CARD_DATA; never on a command line), encrypted, and the contract
// that routes the entity's payments there, in place of the sandbox's for the same method unless
// --keep-sandbox. Prints where the partner must send its notifications.
import { parseArgs } from 'node:util';
import { findEntity } from '../db/merchants';
import { configurePartnerAccount } from '../db/partner-accounts';
import { loadConfig } from '../platform/config';
import { partnerEndpoint, partnerSetupFrom } from './partner-accounts';
import { openScriptDatabase } from './script-database';

const { values } = parseArgs({
  options: {
    entity: { type: 'string' },
    partner: { type: 'string' },
    methods: { type: 'string' },
    currencies: { type: 'string' },
    'min-amount': { type: 'string' },
    'max-amount': { type: 'string' },
    priority: { type: 'string' },
    'keep-sandbox': { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
  },
});
if (!values.entity || !values.partner) {
  console.error(
    'usage: npm run partner:configure -- --entity <entity id> --partner stripe [--methods creditcard] ' +
      '[--currencies EUR,USD] [--min-amount 50] [--max-amount 99999999] [--priority 5] [--keep-sandbox] [--json]\n' +
      'credentials from the environment: STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET [, STRIPE_CARD_DATA]',
  );
  process.exit(2);
}
const list = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
const checked = partnerSetupFrom(
  {
    partner: values.partner,
    keepSandbox: values['keep-sandbox'],
    ...(values.methods ? { methods: list(values.methods) } : {}),
    ...(values.currencies ? { currencies: list(values.currencies).map((code) => code.toUpperCase()) } : {}),
    ...(values['min-amount'] ? { minAmount: Number(values['min-amount']) } : {}),
    ...(values['max-amount'] ? { maxAmount: Number(values['max-amount']) } : {}),
    ...(values.priority ? { priority: Number(values.priority) } : {}),
  },
  process.env,
);
if (!checked.ok) {
  console.error(`${values.partner}:\n  ${checked.errors.join('\n  ')}`);
  process.exit(2);
}

const config = loadConfig();
const database = await openScriptDatabase(config);
try {
  if (!(await findEntity(database.sql, values.entity).catch(() => undefined))) {
    console.error(`no entity ${values.entity}`);
    process.exitCode = 2;
  } else {
    await configurePartnerAccount(database.sql, config.encryptionKey, { entityId: values.entity, ...checked.setup });
    const endpoint = partnerEndpoint(config.publicUrl, values.partner, values.entity);
    const summary = {
      entity_id: values.entity,
      partner: values.partner,
      credentials: checked.setup.hints,
      contracts: checked.setup.contracts,
      disabled_contracts: checked.setup.disables,
      ...endpoint,
    };
    if (values.json) console.log(JSON.stringify(summary));
    else {
      console.log(
        `${values.partner} configured for entity ${values.entity} (${Object.values(summary.credentials).join(', ')})`,
      );
      for (const contract of summary.contracts) {
        console.log(
          `  ${contract.method}: ${contract.currencies.join(', ')}, ${contract.min_amount} to ${contract.max_amount} (priority ${contract.priority})`,
        );
      }
      for (const disabled of summary.disabled_contracts) {
        console.log(`  ${disabled.partner} ${disabled.method}: disabled at this entity (--keep-sandbox keeps it)`);
      }
      console.log(`  send its notifications to ${endpoint.notification_url}`);
      console.log(`  events: ${endpoint.events.join(', ')}`);
    }
  }
} finally {
  await database.close();
}
