import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Served by the API under /console/ (api/console.ts); `npm run dev` proxies /v1 and /cdn to a running API.
export default defineConfig({
  base: '/console/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 1200 },
  server: {
    proxy: { '/v1': 'http://127.0.0.1:3000', '/cdn': 'http://127.0.0.1:3000' },
  },
});
