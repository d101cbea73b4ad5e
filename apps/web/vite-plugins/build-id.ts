import type { Plugin } from 'vite';

/** Emits `builds/latest.json` with the id that is also compiled into the bundle as `__KEEL_BUILD_ID__`. */
export function buildIdPlugin(buildId: string): Plugin {
  return {
    name: 'keel-build-id',
    config: () => ({ define: { __KEEL_BUILD_ID__: JSON.stringify(buildId) } }),
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'builds/latest.json', source: JSON.stringify({ buildId }) });
    },
  };
}
