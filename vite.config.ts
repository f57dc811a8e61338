import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/**
 * Packages a lexical-only install (`npm ci --omit=peer`) leaves out: they are imported only when configured
 * (EMBEDDINGS=local), so the build must not need them on disk. The workers' build uses the same list.
 */
export const NOT_ALWAYS_INSTALLED = ["@huggingface/transformers"];

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  build: { target: "es2022", rollupOptions: { external: NOT_ALWAYS_INSTALLED } },
  ssr: {
    // Native addons and server-only packages stay external to the server bundle (node-llama-cpp is also
    // imported only when MODEL_PROVIDER=local, so other servers never load its native binary).
    external: ["node-llama-cpp", "better-sqlite3", "@node-rs/argon2", "sqlite-vec", "@huggingface/transformers", "exceljs", "word-extractor"],
  },
});
