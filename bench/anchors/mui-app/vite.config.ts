import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Served by the bench's bare-Fastify anchor under /mui/.
export default defineConfig({
  plugins: [react()],
  base: '/mui/',
  build: { outDir: 'dist', chunkSizeWarningLimit: 5000 },
});
