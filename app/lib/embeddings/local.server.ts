import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Tensor } from "@huggingface/transformers";
import type { Embedder } from "./types";
import { EmbeddingError, firstLine, throwIfAborted } from "./errors";
import { profileFor, withPrefix, type ModelProfile } from "./profiles";
import { batches, l2Normalise } from "./vectors";

/**
 * Local embeddings: an ONNX export run in-process by @huggingface/transformers (onnxruntime-node).
 *
 * Expected layout for the default EMBEDDING_MODEL=all-MiniLM-L6-v2 with MODELS_DIR=./models, as
 * `npm run models -- fetch embedding` lays it out:
 *   models/all-MiniLM-L6-v2/config.json
 *   models/all-MiniLM-L6-v2/tokenizer.json
 *   models/all-MiniLM-L6-v2/tokenizer_config.json
 *   models/all-MiniLM-L6-v2/onnx/model_int8.onnx   (or model_quantized.onnx, model.onnx, ...)
 * EMBEDDING_MODEL may also be an absolute folder, or a Hugging Face id such as Xenova/all-MiniLM-L6-v2
 * (the folder models/Xenova/all-MiniLM-L6-v2/, copied by hand or downloaded when allowed).
 *
 * Note: onnxruntime-node runs inference synchronously on the calling thread, so a batch blocks
 * the event loop while it runs. Bulk document embedding belongs in the ingest worker thread;
 * the request thread should only embed short queries.
 */

export const DEFAULT_LOCAL_MODEL = "all-MiniLM-L6-v2";
/** Where a download (ALLOW_MODEL_DOWNLOADS=true) finds a model named only by its folder. */
const HUB_IDS: Record<string, string> = { "all-MiniLM-L6-v2": "Xenova/all-MiniLM-L6-v2" };
// Measured on 2 cores: batches above 8 gain no speed on CPU and grow memory (about 1 GB RSS at 32)
export const DEFAULT_LOCAL_BATCH_SIZE = 8;

export type LocalEmbedderOptions = {
  /** A folder under modelsDir ("all-MiniLM-L6-v2", "Xenova/bge-small-en-v1.5"), or an absolute folder. */
  model: string;
  /** Absolute MODELS_DIR. */
  modelsDir: string;
  /** Fetch missing files from the Hugging Face hub into modelsDir. Off unless ALLOW_MODEL_DOWNLOADS=true. */
  allowDownloads?: boolean;
  batchSize?: number;
};

/** Either a ready embedder or the plain reason there is none. */
export type EmbedderResult = { ok: true; embedder: LocalEmbedder } | { ok: false; reason: string };

export type LocalEmbedder = Embedder & {
  /** The ONNX weights file in use, e.g. "onnx/model_quantized.onnx". */
  weightsFile: string;
  /** Releases the ONNX Runtime session. */
  dispose(): Promise<void>;
};

/** ONNX weight files we recognise, best first, with the dtype transformers.js must be told to load them. */
const WEIGHT_FILES = [
  // q8 first: about a quarter of fp32's size and faster on CPUs, with negligible retrieval loss
  { file: "model_quantized.onnx", dtype: "q8" },
  { file: "model.onnx", dtype: "fp32" },
  { file: "model_int8.onnx", dtype: "int8" },
  { file: "model_uint8.onnx", dtype: "uint8" },
  { file: "model_q4.onnx", dtype: "q4" },
  { file: "model_fp16.onnx", dtype: "fp16" },
] as const;

type WeightChoice = (typeof WEIGHT_FILES)[number];

const REQUIRED_FILES = ["config.json", "tokenizer.json", "tokenizer_config.json"] as const;

/** "models/all-MiniLM-L6-v2" when under the working directory, else the absolute path. */
export function displayPath(folder: string): string {
  const relative = path.relative(process.cwd(), folder);
  return relative && !relative.startsWith("..") && !path.isAbsolute(relative) ? relative : folder;
}

export function modelFolder(model: string, modelsDir: string): string {
  return path.isAbsolute(model) ? model : path.resolve(modelsDir, model);
}

function isNonEmptyFile(file: string): boolean {
  try {
    return fs.statSync(file).size > 0;
  } catch {
    return false;
  }
}

function hasAnyEntry(folder: string): boolean {
  try {
    return fs.readdirSync(folder).length > 0;
  } catch {
    return false;
  }
}

export type FolderCheck = { ok: true; weights: WeightChoice } | { ok: false; reason: string; empty: boolean };

/** Checks the files transformers.js will ask for, so a missing file gives a reason instead of a stack trace. */
export function inspectModelFolder(folder: string): FolderCheck {
  const shown = displayPath(folder);
  if (!hasAnyEntry(folder)) {
    return { ok: false, empty: true, reason: `No model files in ${shown} (place the ONNX export there)` };
  }
  const missing: string[] = REQUIRED_FILES.filter((f) => !isNonEmptyFile(path.join(folder, f)));
  const weights = WEIGHT_FILES.find((w) => isNonEmptyFile(path.join(folder, "onnx", w.file)));
  if (!weights) missing.push("onnx/model_quantized.onnx or onnx/model.onnx");
  if (missing.length > 0 || !weights) {
    return { ok: false, empty: false, reason: `Model folder ${shown} is incomplete: missing ${missing.join(", ")}` };
  }
  const problem = jsonProblem(folder);
  if (problem) return { ok: false, empty: false, reason: `Model folder ${shown} has ${problem}` };
  return { ok: true, weights };
}

/** Parses the JSON files up front: transformers.js's own parse errors do not say which file was bad. */
function jsonProblem(folder: string): string | null {
  for (const name of REQUIRED_FILES) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(fs.readFileSync(path.join(folder, name), "utf8"));
    } catch (error) {
      return `an unreadable ${name} (${firstLine(error)})`;
    }
    if (typeof parsed !== "object" || parsed === null) return `an unreadable ${name} (not a JSON object)`;
    if (name === "config.json" && typeof (parsed as { model_type?: unknown }).model_type !== "string") {
      return "a config.json without model_type";
    }
  }
  return null;
}

/**
 * Names, sizes and modification times of the files a load reads. Unchanged since a failed load
 * means the next attempt would fail the same way, so it need not be made (a load is synchronous
 * and would stall the server each time).
 */
export function modelFingerprint(model: string, modelsDir: string): string {
  const folder = modelFolder(model, modelsDir);
  const stamp = (file: string) => {
    try {
      const st = fs.statSync(file);
      return `${st.size}:${st.mtimeMs}`;
    } catch {
      return "-";
    }
  };
  let onnxFiles: string[] = [];
  try {
    onnxFiles = fs.readdirSync(path.join(folder, "onnx")).sort().map((f) => `onnx/${f}`);
  } catch {
    // no onnx folder: nothing to stamp
  }
  return [...REQUIRED_FILES, ...onnxFiles].map((f) => `${f}=${stamp(path.join(folder, f))}`).join(";");
}

/** The subset of a transformers.js feature-extraction pipeline we use, typed at this one boundary. */
type TokenisedBatch = { input_ids: Tensor; attention_mask: Tensor; token_type_ids?: Tensor };
type Extractor = {
  tokenizer: (texts: string[], options: { padding: boolean; truncation: boolean; max_length?: number }) => TokenisedBatch;
  model: (inputs: TokenisedBatch) => Promise<Record<string, Tensor | undefined>>;
  dispose(): Promise<void>;
};

type Transformers = typeof import("@huggingface/transformers");

/** The package the local embedder runs on (it brings onnxruntime-node); a lexical-only install leaves it out. */
export const LOCAL_EMBEDDINGS_PACKAGE = "@huggingface/transformers";

const resolveFromHere = (name: string) => createRequire(import.meta.url).resolve(name);

/**
 * Why local embeddings cannot run on this install (`npm ci --omit=peer` leaves their packages out), or null
 * when the packages are there. Resolved, not loaded: loading starts ONNX Runtime.
 */
export function missingLocalEmbeddingPackages(resolve: (name: string) => string = resolveFromHere): string | null {
  try {
    resolve(LOCAL_EMBEDDINGS_PACKAGE);
    return null;
  } catch {
    return `EMBEDDINGS=local needs ${LOCAL_EMBEDDINGS_PACKAGE} and onnxruntime-node, which this install left out (npm ci --omit=peer); run npm ci to add them. Search stays keyword-only until then.`;
  }
}

async function importTransformers(): Promise<Transformers> {
  // Imported on first use so that EMBEDDINGS=none or ollama never loads ONNX Runtime's native library
  return import("@huggingface/transformers");
}

/**
 * transformers.js keeps its settings in one global `env`; we set them before each load. Loads are
 * serialised so two loads with different folders cannot interleave their settings.
 */
let loadChain: Promise<unknown> = Promise.resolve();

function configureEnvironment(lib: Transformers, modelsDir: string, allowDownloads: boolean): void {
  lib.env.allowLocalModels = true;
  lib.env.localModelPath = modelsDir;
  lib.env.allowRemoteModels = allowDownloads;
  // Downloads (only when allowed) land in the same folder layout that offline loading reads
  lib.env.useFSCache = allowDownloads;
  lib.env.cacheDir = modelsDir;
  // Failures reach the admin as reasons; the library's own error log would dump input tensors to the console
  lib.env.logLevel = lib.LogLevel.NONE;
}

async function openExtractor(lib: Transformers, options: LocalEmbedderOptions, folder: string, weights: WeightChoice | null): Promise<Extractor> {
  const allowDownloads = options.allowDownloads === true;
  configureEnvironment(lib, options.modelsDir, allowDownloads);
  // With files on disk we pass the absolute folder, which never touches the network.
  // Without them (downloads allowed) we pass the hub id, which downloads into modelsDir/<id>/.
  const source = weights ? folder : (HUB_IDS[options.model] ?? options.model);
  const pipe = await lib.pipeline("feature-extraction", source, {
    dtype: weights?.dtype ?? "q8",
    local_files_only: !allowDownloads,
    // ONNX Runtime's native log: fatal only, for the same reason (4 = FATAL)
    session_options: { logSeverityLevel: 4 },
  });
  // The pipeline object is callable and untyped where we need it (tokenizer/model are `any`-typed callables)
  return pipe as unknown as Extractor;
}

function pool(hidden: Tensor, attentionMask: Tensor, pooling: ModelProfile["pooling"], lib: Transformers): Tensor {
  if (pooling === "cls") return hidden.slice(null, 0);
  if (pooling === "last_token") return hidden.slice(null, -1);
  return lib.mean_pooling(hidden, attentionMask);
}

function rowsOf(pooled: Tensor, count: number): Float32Array[] {
  const data = pooled.data;
  if (!(data instanceof Float32Array)) throw new EmbeddingError("bad-response", `the model returned ${pooled.type} values, not float32`);
  const dims = data.length / count;
  const rows: Float32Array[] = [];
  for (let i = 0; i < count; i++) rows.push(l2Normalise(data.subarray(i * dims, (i + 1) * dims)));
  return rows;
}

async function embedBatch(extractor: Extractor, lib: Transformers, texts: string[], profile: ModelProfile): Promise<Float32Array[]> {
  const inputs = extractor.tokenizer(texts, { padding: true, truncation: true, max_length: profile.maxTokens });
  const outputs = await extractor.model(inputs);
  // Same output preference as the feature-extraction pipeline
  const hidden = outputs.last_hidden_state ?? outputs.logits ?? outputs.token_embeddings;
  if (!hidden) throw new EmbeddingError("bad-response", "the model has no last_hidden_state output");
  return rowsOf(pool(hidden, inputs.attention_mask, profile.pooling, lib), texts.length);
}

function localId(model: string): string {
  return `local:${path.isAbsolute(model) ? path.basename(model) : model}`;
}

function makeEmbedder(extractor: Extractor, lib: Transformers, options: LocalEmbedderOptions, dimensions: number, weightsFile: string): LocalEmbedder {
  const profile = profileFor(options.model);
  const batchSize = options.batchSize ?? DEFAULT_LOCAL_BATCH_SIZE;
  return {
    id: localId(options.model),
    dimensions,
    weightsFile,
    async embed(texts, embedOptions = {}) {
      const prefixed = withPrefix(profile, texts, embedOptions.kind);
      const out: Float32Array[] = [];
      for (const batch of batches(prefixed, batchSize)) {
        // Inference is synchronous once started, so cancellation is honoured between batches
        throwIfAborted(embedOptions.signal);
        try {
          out.push(...(await embedBatch(extractor, lib, batch, profile)));
        } catch (error) {
          if (error instanceof EmbeddingError) throw error;
          throw new EmbeddingError("failed", `The local model ${options.model} failed: ${firstLine(error)}`, { cause: error });
        }
      }
      return out;
    },
    dispose: () => extractor.dispose(),
  };
}

async function loadUnserialised(options: LocalEmbedderOptions): Promise<EmbedderResult> {
  // Before the model files: fetching a model would not help an install without the packages to run it
  const notInstalled = missingLocalEmbeddingPackages();
  if (notInstalled) return { ok: false, reason: notInstalled };
  const folder = modelFolder(options.model, options.modelsDir);
  const check = inspectModelFolder(folder);
  // Downloads also complete a folder left half-filled by an interrupted download
  const downloading = !check.ok && options.allowDownloads === true && !path.isAbsolute(options.model);
  if (!check.ok && !downloading) return { ok: false, reason: check.reason };
  let lib: Transformers;
  try {
    lib = await importTransformers();
  } catch (error) {
    // The native onnxruntime-node binding (or sharp) failed to load: no model can run on this machine
    return { ok: false, reason: `ONNX Runtime could not start on this machine: ${firstLine(error)}` };
  }
  let extractor: Extractor | null = null;
  try {
    extractor = await openExtractor(lib, options, folder, check.ok ? check.weights : null);
    // One real embedding both proves the model runs and tells us its dimensions
    const [probe] = await embedBatch(extractor, lib, ["dimension probe"], profileFor(options.model));
    if (!probe || probe.length === 0) throw new Error("the model returned an empty vector");
    const weightsFile = `onnx/${check.ok ? check.weights.file : "model_quantized.onnx"}`;
    return { ok: true, embedder: makeEmbedder(extractor, lib, options, probe.length, weightsFile) };
  } catch (error) {
    await extractor?.dispose().catch(() => undefined);
    return { ok: false, reason: `Could not load the model in ${displayPath(folder)}: ${firstLine(error)}` };
  }
}

/** Loads a local ONNX embedder. Never throws: a missing or broken model comes back as a reason. */
export function loadLocalEmbedder(options: LocalEmbedderOptions): Promise<EmbedderResult> {
  const result = loadChain.then(() => loadUnserialised(options));
  loadChain = result.catch(() => undefined);
  return result;
}
