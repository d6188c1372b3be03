import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { PRODUCT_UI_VERSION, VERSION_FILE_PATH } from '@kelvin/domain';

const apiServer = 'http://localhost:8080';

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

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), versionFile()],
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
        // cached across deployments. Mantine, TanStack and zod are not grouped: a group takes every module it
        // matches, so one chunk held all of Mantine (dates, dropzone, charts' inputs) and the first screen
        // loaded 150 kB of it; split by use, a screen loads the components it renders.
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ }],
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
});
