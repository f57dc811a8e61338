import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  build: { target: "es2022" },
  ssr: {
    // Native addons and server-only packages stay external to the server bundle (node-llama-cpp is also
    // imported only when MODEL_PROVIDER=local, so other servers never load its native binary).
    external: ["node-llama-cpp", "better-sqlite3", "@node-rs/argon2", "sqlite-vec", "pdf-parse", "@huggingface/transformers", "onnxruntime-node", "sharp", "exceljs", "word-extractor", "mammoth"],
  },
});
