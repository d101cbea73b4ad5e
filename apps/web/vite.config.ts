import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
// The config is bundled by Vite with node_modules external, so the contract (TypeScript) is imported by path.
import { LOCALES } from '../../packages/contract/src/constants';
import { buildIdPlugin } from './vite-plugins/build-id';
import { bundleStatsPlugin } from './vite-plugins/bundle-stats';
import { endpointMethodsPlugin } from './vite-plugins/endpoint-methods';
import { localesPlugin } from './vite-plugins/locales';
import { slimRouteTablePlugin } from './vite-plugins/slim-route-table';

const root = fileURLToPath(new URL('.', import.meta.url));
const srcDir = fileURLToPath(new URL('./src', import.meta.url));
const buildId = process.env.KEEL_BUILD_ID ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/**
 * antd's helper packages declare no `sideEffects`, so a module reached only through a re-export (e.g. all of
 * @rc-component/form behind ConfigProvider's `FormProvider`) would be kept whole. They have no import-for-effect
 * modules; marking them side-effect free lets unused modules drop (about 13 KB gzip off the console shell).
 */
const PURE_PACKAGES =
  /node_modules[\\/](@rc-component[\\/]|@ant-design[\\/](cssinjs|cssinjs-utils|colors|fast-color)[\\/]|@babel[\\/]runtime[\\/])/;

/** Lazy chunks on a first load's path: the layouts' components, the sign-in page and home. */
const FIRST_LOAD_CHUNK = /(^|\/)(route|_index|home)-[\w-]+\.js$/;

export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routeFileIgnorePattern: '\\.test\\.' }),
    react(),
    localesPlugin(srcDir, LOCALES),
    buildIdPlugin(buildId),
    endpointMethodsPlugin(),
    bundleStatsPlugin(root),
    slimRouteTablePlugin(),
  ],
  build: {
    // At a page route's dynamic import only its CSS is listed: its JS imports are fetched when it loads (about
    // 20 B gzip a route less in the entry; the router preloads a route on intent). The layouts (`route-…`), the
    // sign-in page (`_index-…`) and home keep their whole list, so that a first load waits on no chain of imports.
    modulePreload: {
      resolveDependencies: (file: string, deps: string[]) =>
        FIRST_LOAD_CHUNK.test(file) ? deps : deps.filter((dep) => dep.endsWith('.css')),
    },
    manifest: true,
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      treeshake: {
        moduleSideEffects: (id: string) => (PURE_PACKAGES.test(id) && !id.endsWith('.css') ? false : undefined),
      },
      output: {
        // Vendor code every page needs, in long-cached chunks of its own; only modules on the entry's static
        // import chain ($initial), so nothing a lazy page alone uses moves up front. The rest is split per route.
        // antd's boot code (theme, cssinjs, ConfigProvider) stays in Rolldown's automatic chunks, one of which is
        // named after its first module (e.g. `AntdIconLight-…js`: antd's core, not icons). A group for it costs
        // about 3 KB gzip with its dependencies, and risks circular chunk imports without them.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              tags: ['$initial'],
              priority: 3,
            },
            {
              // The icons the shells draw (menu, head, user menu) in one chunk rather than one tiny chunk each,
              // which every lazy page sharing an icon had made (about 1 KB gzip of chunk overhead).
              name: 'shell-icons',
              test: /node_modules[\\/]@ant-design[\\/]icons(-svg)?[\\/]es[\\/](icons|asn)[\\/]/,
              tags: ['$initial'],
              priority: 1,
            },
            {
              name: 'framework',
              test: /node_modules[\\/](@tanstack|i18next|react-i18next|zustand|use-sync-external-store)[\\/]/,
              tags: ['$initial'],
              priority: 2,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: true },
      '/ws': { target: 'ws://localhost:3000', ws: true },
      // The F-Droid repositories: the host kept, so that an index names the address the page shows.
      '/fdroid': { target: 'http://localhost:3000' },
    },
  },
});
