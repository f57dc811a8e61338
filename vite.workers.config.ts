import { defineConfig } from "vite";
import { NOT_ALWAYS_INSTALLED } from "./vite.config";

/**
 * Server-side entry points that run outside React Router: the ingestion worker thread,
 * the query threads (searches and extractive answers), the PDF page thread, and the bulk-ingest, backup, restore and admin commands. Built next to the app into build/workers/.
 */
export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  build: {
    ssr: true,
    outDir: "build/workers",
    emptyOutDir: true,
    target: "node20",
    sourcemap: true,
    rollupOptions: {
      external: NOT_ALWAYS_INSTALLED,
      input: {
        "ingest-worker": "app/workers/ingest.worker.ts",
        "ingest-cli": "scripts/ingest.ts",
        "backup-cli": "scripts/backup.ts",
        "restore-cli": "scripts/restore.ts",
        "admin-cli": "scripts/admin.ts",
        "query-worker": "app/workers/query.worker.ts",
        "pdf-pages-worker": "app/workers/pdf-pages.worker.ts",
      },
      output: { format: "es", entryFileNames: "[name].js", chunkFileNames: "chunks/[name]-[hash].js" },
    },
  },
});
