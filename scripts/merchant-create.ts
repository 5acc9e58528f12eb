// npm run merchant:create -- --name <name> [--partner stripe] [--json]; in a production build the
// same command runs the compiled dist/scripts/merchant-create.js (scripts/build.ts writes that
// script into dist/). Creates an entity with default sandbox contracts in the running service's
// database: DATABASE_URL, else the embedded database of `npm start` (opened directly when npm start
// is not running). Also prints the deployment's v1 notification public key (notification_public_key,
// PEM), which the merchant's v1 plugin needs to check notification signatures.
//
// `--partner stripe` also gives the entity its own Stripe account, from STRIPE_SECRET_KEY and
// STRIPE_WEBHOOK_SECRET (environment only: never on a command line), with the partner's default
// contract, which replaces the sandbox's for the same method at the entity's checkout unless
// --keep-sandbox; `npm run partner:configure` does the same for an existing entity, with options.
import { parseArgs } from 'node:util';
import { createMerchant } from '../db/merchants';
import { v1NotificationPublicKey } from '../db/notification-key';
import { configurePartnerAccount } from '../db/partner-accounts';
import { loadConfig } from '../platform/config';
import { partnerEndpoint, partnerSetupFrom, type PartnerSetup } from './partner-accounts';
import { openScriptDatabase } from './script-database';

const { values } = parseArgs({
  options: {
    name: { type: 'string' },
    partner: { type: 'string', multiple: true, default: [] },
    'keep-sandbox': { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
  },
});
if (!values.name?.trim()) {
  console.error('usage: npm run merchant:create -- --name <name> [--partner stripe [--keep-sandbox]] [--json]');
  process.exit(2);
}

// Checked before the entity exists, so a wrong key leaves nothing half made.
const setups: PartnerSetup[] = [];
for (const partner of values.partner) {
  const checked = partnerSetupFrom({ partner, keepSandbox: values['keep-sandbox'] }, process.env);
  if (!checked.ok) {
    console.error(`--partner ${partner}:\n  ${checked.errors.join('\n  ')}`);
    process.exit(2);
  }
  setups.push(checked.setup);
}

const config = loadConfig();
const database = await openScriptDatabase(config);
try {
  const merchant = await createMerchant(database.sql, config.encryptionKey, { name: values.name });
  const partners: Record<
    string,
    ReturnType<typeof partnerEndpoint> & {
      credentials: Record<string, string>;
      disabled_contracts: { partner: string; method: string }[];
    }
  > = {};
  for (const setup of setups) {
    await configurePartnerAccount(database.sql, config.encryptionKey, { entityId: merchant.entity_id, ...setup });
    partners[setup.partner] = {
      ...partnerEndpoint(config.publicUrl, setup.partner, merchant.entity_id),
      credentials: { ...setup.hints },
      disabled_contracts: [...setup.disables],
    };
  }
  const notificationPublicKey = await v1NotificationPublicKey(database.sql, config.encryptionKey);
  if (values.json) {
    console.log(
      JSON.stringify({
        ...merchant,
        notification_public_key: notificationPublicKey,
        ...(setups.length > 0 ? { partners } : {}),
      }),
    );
  } else {
    console.log(`Created entity "${values.name}"`);
    for (const [key, value] of Object.entries(merchant)) console.log(`  ${key.padEnd(16)} ${value}`);
    console.log('\nKeep client_secret, api_key and webhook_secret safe: they are shown only once.');
    for (const [partner, endpoint] of Object.entries(partners)) {
      console.log(`\n${partner}: configured (${Object.values(endpoint.credentials).join(', ')})`);
      console.log(`  send its notifications to ${endpoint.notification_url}`);
      console.log(`  events: ${endpoint.events.join(', ')}`);
    }
    console.log(
      `\nAPI v1 notifications are signed; their public key (also at GET /payment/v1/notification-public-key):\n${notificationPublicKey.trim()}`,
    );
  }
} finally {
  await database.close();
}
