// A step run once everything else of `vite build` is done (the app, and the widget built in an
// earlier closeBundle hook), in the order of the plugin list: the prerender, then the compression.

import type { Plugin, ResolvedConfig } from 'vite';

export function afterBuild(name: string, run: (config: ResolvedConfig) => Promise<string>): Plugin {
  let config: ResolvedConfig;
  return {
    name,
    // The prerender's SSR build loads the same config: its steps must not run again there.
    apply: (_config, env) => env.command === 'build' && env.isSsrBuild !== true,
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const started = performance.now();
        const done = await run(config);
        config.logger.info(`${done} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      },
    },
  };
}
