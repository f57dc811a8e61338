import { defineConfig } from "vite";
import { NOT_ALWAYS_INSTALLED } from "./vite.config";

/**
 * Plain JavaScript packages the commands and threads load as they start (no native code, no files of their own
 * read at run time). Bundling sentence-splitter too changed neither a command's start nor the load probe's answers/s.
 */
const PURE_JAVASCRIPT_AT_START = ["drizzle-orm", "zod", "lru-cache", "react-router", "csv-parse", "damerau-levenshtein"];

/**
 * Server-side entry points that run outside React Router: the ingestion worker thread,
 * the query threads (searches and extractive answers), the PDF page thread, and the bulk-ingest, backup, restore and admin commands. Built next to the app into build/workers/.
 */
export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  ssr: {
    // Bundled into the workers and commands, not loaded from node_modules: Node 20 loads an ES module file by
    // file (drizzle-orm and zod are dozens each), which was most of a command's start.
    noExternal: PURE_JAVASCRIPT_AT_START,
  },
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
