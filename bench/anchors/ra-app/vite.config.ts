import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Served by the bench's bare-Fastify anchor under /ra/.
export default defineConfig({
  plugins: [react()],
  base: '/ra/',
  build: { outDir: 'dist', chunkSizeWarningLimit: 5000 },
});
