import { relative } from 'node:path';
import type { Plugin } from 'vite';

/** What `tools/bundle-budget.ts` reads besides the manifest: the source modules inside each emitted JS chunk. */
export interface BundleStats {
  chunks: Record<string, string[]>;
}

/**
 * Emits `.vite/bundle-stats.json`: for each JS chunk, the modules rendered into it (paths relative to the app root,
 * `node_modules/…` for packages). The manifest names only a chunk's facade module, so without this a page component
 * bundled into the entry chunk would go unnoticed by the budget.
 */
export function bundleStatsPlugin(root: string): Plugin {
  return {
    name: 'keel-bundle-stats',
    apply: 'build',
    generateBundle(_options, bundle) {
      const stats: BundleStats = { chunks: {} };
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        stats.chunks[chunk.fileName] = Object.keys(chunk.modules)
          .filter((id) => !id.startsWith('\0'))
          .map((id) =>
            relative(root, id)
              .replaceAll('\\', '/')
              .replace(/^(\.\.\/)+(?=node_modules\/)/, ''),
          )
          .sort();
      }
      this.emitFile({ type: 'asset', fileName: '.vite/bundle-stats.json', source: JSON.stringify(stats, null, 1) });
    },
  };
}
