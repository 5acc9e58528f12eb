// Network conditions for Chromium's DevTools protocol (Network.emulateNetworkConditions), shared by
// the docs' browser tests and the web performance figures (web/scripts/bundle-size.ts).

/**
 * "Slow 4G" as Lighthouse simulates a mobile visit: 150 ms round trip, 1.6 Mbit/s down, 750 Kbit/s
 * up. Throughputs are in bytes per second.
 */
export const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
} as const;
