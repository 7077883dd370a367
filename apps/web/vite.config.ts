// Vite: React, Tailwind 4, and a proxy to the API on :3000 during `npm run dev`.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const api = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    port: 5173,
    proxy: { '/api': api, '/uploads': api, '/robots.txt': api, '/sitemap.xml': api },
  },
  build: { sourcemap: false, chunkSizeWarningLimit: 600 },
});
