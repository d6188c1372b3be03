import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { PRODUCT_UI_VERSION, VERSION_FILE_PATH } from '@kelvin/domain';

const apiServer = 'http://localhost:8080';

/** Not in the first screen's chunk: the silent-renewal page's own graph, the entries themselves, Vite's helpers. */
const FIRST_SCREEN_EXCLUDED =
  /[\\/](oidc-client-ts|jwt-decode)[\\/]|[\\/]src[\\/]auth[\\/]|\.html$|[\\/]src[\\/]main\.tsx$|^\0/;

/**
 * Writes assets/version.json, which running browsers poll to learn that a new build is out. The build id
 * changes on every build, so a redeploy of the same product version still offers a refresh.
 */
function versionFile(): Plugin {
  const build = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  const source = JSON.stringify({ version: PRODUCT_UI_VERSION, build });
  return {
    name: 'kelvin-version-file',
    configureServer(server) {
      server.middlewares.use(VERSION_FILE_PATH, (_request, response) => {
        response.setHeader('Content-Type', 'application/json');
        response.end(source);
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: VERSION_FILE_PATH.replace(/^\//, ''), source });
    },
  };
}

/**
 * The form controls most screens use (Select, MultiSelect, Combobox, Checkbox, Switch, Pagination, Tabs…) and
 * their icons in one chunk: split by use, they arrived as some forty files of a few hundred bytes each, and a deep
 * link's first data waited on the requests (and, once installed, the offline worker's look-ups) more than on the
 * bytes. A component enters when at least this many chunks share it; those the dashboard needs stay out, so the
 * first screen does not load the chunk.
 */
const SCREENS_UI = /node_modules[\\/](@mantine|@tabler|@floating-ui)[\\/]/;
const SCREENS_UI_MIN_SHARE = 8;
const FIRST_SCREEN_UI = /[\\/]components[\\/](Table|Anchor|Card)[\\/]/;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Scripts, styles and images worth compressing: below a kilobyte the headers cost more than the saving. */
const COMPRESSIBLE = /\.(js|css|svg|json)$/;

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside each script and style sheet, which the server sends to
 * browsers that accept them (@fastify/static preCompressed): the bundle arrives a quarter of its size without the
 * server compressing on every request. Brotli at quality 9: close to 11's size at a fraction of the build time.
 */
function preCompressedAssets(): Plugin {
  return {
    name: 'kelvin-pre-compressed-assets',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      const files = Object.values(bundle).filter((file) => COMPRESSIBLE.test(file.fileName));
      await Promise.all(
        files.map(async (file) => {
          const source = file.type === 'chunk' ? file.code : file.source;
          const bytes = typeof source === 'string' ? Buffer.from(source) : Buffer.from(source);
          if (bytes.length < 1024) return;
          const target = path.join(outDir, file.fileName);
          const [br, gz] = await Promise.all([
            brotli(bytes, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 } }),
            gzipped(bytes, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${target}.br`, br), writeFile(`${target}.gz`, gz)]);
        }),
      );
    },
  };
}

/**
 * The installable console and its offline worker (sw.js): the console's own scripts, styles and pages are kept on
 * the device, so that a technician's form opens in a data hall without a network. Calls (/api), sign-in (/oidc), the
 * live socket and files always go to the network; version.json too, or a new build would never be noticed. The
 * spreadsheet library is left out (about 1 MB, used only by exports, which need the network anyway). The worker
 * takes over at once; an open tab keeps the scripts it has and learns of a new build from version.json as before.
 */
function offlineWorker() {
  return VitePWA({
    injectRegister: false,
    registerType: 'autoUpdate',
    includeAssets: ['icons/icon.svg', 'colorScheme.js'],
    manifest: {
      name: 'Kelvin',
      short_name: 'Kelvin',
      description: 'Monitoring and service work for data-centre cooling fleets',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#1864ab',
      background_color: '#ffffff',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml' },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,png}'],
      globIgnores: ['**/exceljs*'],
      navigateFallback: '/index.html',
      navigateFallbackDenylist: [/^\/(api|oidc|live|files|sandbox)(\/|$)/],
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      skipWaiting: true,
      maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    },
  });
}

/**
 * react-router's package exports name only its development build (dev warnings on, route checks on every
 * navigation); its production build sits beside it. A cold load spent some 150-400 ms in the development one.
 */
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

export default defineConfig(({ command }) => ({
  root: import.meta.dirname,
  plugins: [react(), versionFile(), preCompressedAssets(), offlineWorker()],
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      input: {
        main: `${import.meta.dirname}/index.html`,
        silentRenew: `${import.meta.dirname}/auth/silent-renew.html`,
      },
      output: {
        // React and the router change less often than our code and every screen needs them: one chunk that stays
        // cached across deployments. The rest of what the first screen runs (main.tsx's graph: providers, session,
        // the user area's shell, API client and contract) is one chunk too, so that it arrives in one request
        // instead of some fifty small ones, each a turn of a busy server. Screens stay lazy: their own modules,
        // and the Mantine components only they use, are split by use (no Mantine group: a group takes every
        // module it matches, and the first screen loaded all of Mantine, 150 kB gzip). The silent-renewal page
        // keeps only its own scripts (oidc-client-ts), and main.tsx stays the entry of index.html.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
              priority: 2,
            },
            {
              name: 'app',
              tags: ['$initial'],
              test: (id) => !FIRST_SCREEN_EXCLUDED.test(id),
              priority: 1,
            },
            {
              name: 'screens-ui',
              test: (id) => SCREENS_UI.test(id) && !FIRST_SCREEN_UI.test(id),
              minShareCount: SCREENS_UI_MIN_SHARE,
              priority: 0,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': apiServer,
      '/oidc': apiServer,
      '/live': { target: apiServer, ws: true },
    },
  },
}));
