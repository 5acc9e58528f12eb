// npm run webhooks:attempts -- --resource <payment or client session id> [--json]
// What Tessera tried to deliver about one payment or client session, in order: each attempt's
// event, time, answer or error, duration and the endpoint's url. The delivery log keeps a url
// sealed (db/webhook-delivery-attempts.ts), so that a token in it is not readable in the
// database; this opens it for an operator, with the deployment's key.
import { parseArgs } from 'node:util';
import { UUID_PATTERN } from '../api/schemas/v2/primitives';
import {
  deliveryAttemptsOf,
  WEBHOOK_DELIVERY_ATTEMPT_RETENTION_DAYS,
  type RecordedDeliveryAttempt,
} from '../db/webhook-delivery-attempts';
import { loadConfig } from '../platform/config';
import { openScriptDatabase } from './script-database';

const { values } = parseArgs({
  options: {
    resource: { type: 'string' },
    json: { type: 'boolean', default: false },
  },
});
if (!values.resource || !new RegExp(UUID_PATTERN).test(values.resource)) {
  console.error('usage: npm run webhooks:attempts -- --resource <payment or client session id (a UUID)> [--json]');
  process.exit(2);
}

const answerOf = (attempt: RecordedDeliveryAttempt) =>
  attempt.statusCode !== null ? `HTTP ${attempt.statusCode}` : (attempt.error ?? 'no answer');

const config = loadConfig();
const database = await openScriptDatabase(config);
try {
  const attempts = await deliveryAttemptsOf(database.sql, config.encryptionKey, values.resource);
  if (values.json) {
    console.log(JSON.stringify(attempts));
  } else if (attempts.length === 0) {
    console.log(
      `No delivery attempt recorded for ${values.resource} (attempts are kept ${WEBHOOK_DELIVERY_ATTEMPT_RETENTION_DAYS} days).`,
    );
  } else {
    for (const attempt of attempts) {
      const outcome = attempt.succeeded ? 'delivered' : 'failed';
      console.log(
        `${attempt.attemptedAt.toISOString()}  ${attempt.eventType.padEnd(28)} event ${attempt.eventId} attempt ${attempt.attempt}: ` +
          `${outcome}, ${answerOf(attempt)}, ${attempt.durationMs} ms, ${attempt.url}`,
      );
    }
  }
} finally {
  await database.close();
}
