// The dev server of one machine and the cluster's Temporal server run with the same departures from
// Temporal's defaults: what the bench measures on the first is what production gets on the second.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../platform/config';
import { devServerDynamicConfig } from './dev-server';

type ClusterDynamicConfig = Record<string, Array<{ value: unknown; constraints?: unknown }>>;

const clusterDynamicConfig: ClusterDynamicConfig = parse(
  readFileSync(join(projectRoot, 'temporal', 'cluster', 'dynamic-config.yaml'), 'utf8'),
);

describe('the Temporal servers’ dynamic config', () => {
  it.each(Object.entries(devServerDynamicConfig))('the cluster sets %s as the dev server does', (key, value) => {
    expect(clusterDynamicConfig[key]).toEqual([{ value, constraints: {} }]);
  });

  it('the cluster departs from the defaults nowhere the dev server does not', () => {
    expect(Object.keys(clusterDynamicConfig).sort()).toEqual(Object.keys(devServerDynamicConfig).sort());
  });
});
