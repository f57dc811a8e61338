import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import type { PDFDocumentProxy, PDFPageProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { Pdfjs } from "./pdfjs.server";

/**
 * OCR of pages without text: render the page to a greyscale image (pdf.js with the
 * @napi-rs/canvas it ships with; pdftoppm when pdf.js cannot draw it, e.g. an image too
 * large to decode safely) and read it with the tesseract CLI. Processes are spawned with
 * argument arrays (never a shell), a timeout and the caller's abort signal.
 */

export const OCR_INSTALL_HINT = "install tesseract-ocr (e.g. apt-get install tesseract-ocr)";

/** 300 dpi suits tesseract; huge pages are scaled down so the image stays under this many pixels (~16 MB grey). */
const TARGET_DPI = 300;
const MAX_RENDER_PIXELS = 16_000_000;
const RENDER_TIMEOUT_MS = 120_000;
const OCR_TIMEOUT_MS = 180_000;
/** Lines tesseract is less sure of than this (mean word confidence, 0-100) are noise from pictures. */
const MIN_LINE_CONFIDENCE = 50;

/** The first executable of this name on PATH, or null. Looked up per document, so installing it needs no restart. */
export async function findExecutable(name: string): Promise<string | null> {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      await fs.access(candidate, fs.constants.X_OK);
      if ((await fs.stat(candidate)).isFile()) return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

type GreyImage = { width: number; height: number; pixels: Uint8Array; dpi: number };

export type OcrTools = { tesseract: string; pdftoppm: string | null };

export type OcrRequest = {
  pdfjs: Pdfjs;
  doc: PDFDocumentProxy;
  page: PDFPageProxy;
  pageNumber: number;
  filePath: string;
  tools: OcrTools;
  signal?: AbortSignal;
};

/** The page's text as paragraphs; [] when the page is blank or nothing legible was found. */
export async function ocrPage(request: OcrRequest): Promise<string[]> {
  const image = await renderPage(request);
  if (!image || isBlank(image)) return [];
  const tsv = await runProcess(request.tools.tesseract, ["stdin", "stdout", "-l", "eng", "--dpi", String(image.dpi), "tsv"], {
    input: toPgm(image),
    timeoutMs: OCR_TIMEOUT_MS,
    signal: request.signal,
    // One thread per page: tesseract's OpenMP threads make a single page several times slower.
    env: { ...process.env, OMP_THREAD_LIMIT: "1" },
  });
  return paragraphsFromTsv(tsv.toString("utf8"));
}

/** pdf.js first; pdftoppm when pdf.js fails or draws nothing (e.g. it skipped an image too large to decode). */
async function renderPage(request: OcrRequest): Promise<GreyImage | null> {
  const image = await renderWithPdfjs(request).catch(() => null);
  if ((image && !isBlank(image)) || !request.tools.pdftoppm) return image;
  try {
    return await renderWithPdftoppm(request);
  } catch (error) {
    if (request.signal?.aborted) throw request.signal.reason;
    return image ?? Promise.reject(error);
  }
}

function renderScale(page: PDFPageProxy): number {
  const { width, height } = page.getViewport({ scale: 1 });
  const scale = TARGET_DPI / 72;
  const pixels = width * scale * height * scale;
  return pixels > MAX_RENDER_PIXELS ? scale * Math.sqrt(MAX_RENDER_PIXELS / pixels) : scale;
}

/** The parts of @napi-rs/canvas (pdf.js's Node canvas) used here. */
type NodeCanvas = { width: number; height: number };
type NodeContext = { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } };
type CanvasFactory = {
  create(width: number, height: number): { canvas: NodeCanvas; context: NodeContext };
  destroy(entry: { canvas: NodeCanvas; context: NodeContext }): void;
};

async function renderWithPdfjs({ pdfjs, doc, page }: OcrRequest): Promise<GreyImage> {
  const scale = renderScale(page);
  const viewport = page.getViewport({ scale });
  // canvasFactory is public on PDFDocumentProxy but typed as Object.
  const factory = (doc as unknown as { canvasFactory: CanvasFactory }).canvasFactory;
  const entry = factory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
  try {
    await page.render({
      // pdf.js is typed for DOM canvases; in Node it draws on @napi-rs/canvas objects of the same shape.
      canvas: entry.canvas as unknown as HTMLCanvasElement,
      canvasContext: entry.context as unknown as CanvasRenderingContext2D,
      viewport,
      annotationMode: pdfjs.AnnotationMode.DISABLE,
      background: "#ffffff",
    }).promise;
    const { width, height } = entry.canvas;
    return { width, height, pixels: toGrey(entry.context.getImageData(0, 0, width, height).data), dpi: Math.round(scale * 72) };
  } finally {
    factory.destroy(entry);
  }
}

function toGrey(rgba: Uint8ClampedArray): Uint8Array {
  const grey = new Uint8Array(rgba.length / 4);
  for (let i = 0, j = 0; j < grey.length; i += 4, j++) {
    grey[j] = (rgba[i]! * 77 + rgba[i + 1]! * 150 + rgba[i + 2]! * 29) >> 8;
  }
  return grey;
}

async function renderWithPdftoppm({ page, pageNumber, filePath, tools, signal }: OcrRequest): Promise<GreyImage> {
  const dpi = Math.max(36, Math.floor(renderScale(page) * 72));
  const n = String(pageNumber);
  const out = await runProcess(tools.pdftoppm!, ["-f", n, "-l", n, "-r", String(dpi), "-gray", filePath], {
    timeoutMs: RENDER_TIMEOUT_MS,
    signal,
  });
  return { ...parsePgm(out), dpi };
}

/** Binary PGM (P5, 8-bit): "P5 <w> <h> 255\n" then one byte a pixel. */
function parsePgm(data: Buffer): { width: number; height: number; pixels: Uint8Array } {
  const header = data.subarray(0, 64).toString("latin1").match(/^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/);
  if (!header || header[3] !== "255") throw new Error("pdftoppm did not return an 8-bit grey image");
  const width = Number(header[1]);
  const height = Number(header[2]);
  const pixels = data.subarray(header[0].length, header[0].length + width * height);
  if (pixels.length !== width * height) throw new Error("pdftoppm returned a truncated image");
  return { width, height, pixels };
}

function toPgm(image: GreyImage): Buffer {
  return Buffer.concat([Buffer.from(`P5\n${image.width} ${image.height}\n255\n`, "latin1"), image.pixels]);
}

/** A page with (almost) no dark pixels has nothing to read. */
function isBlank(image: GreyImage): boolean {
  let dark = 0;
  const step = 7; // sampling is plenty to tell ink from paper
  for (let i = 0; i < image.pixels.length; i += step) if (image.pixels[i]! < 160) dark++;
  return dark < 0.0005 * (image.pixels.length / step);
}

/** Tesseract TSV: one row per word with block / paragraph / line numbers and a confidence. */
export function paragraphsFromTsv(tsv: string): string[] {
  type OcrLine = { words: string[]; confidence: number[] };
  const paragraphs = new Map<string, Map<string, OcrLine>>();
  for (const row of tsv.split("\n").slice(1)) {
    const cols = row.split("\t");
    if (cols[0] !== "5" || cols.length < 12) continue;
    const word = cols.slice(11).join("\t").trim();
    const confidence = Number(cols[10]);
    if (!word || !(confidence >= 0)) continue;
    const paragraphKey = `${cols[1]}.${cols[2]}.${cols[3]}`;
    const lines = paragraphs.get(paragraphKey) ?? new Map<string, OcrLine>();
    const line = lines.get(cols[4]!) ?? { words: [], confidence: [] };
    line.words.push(word);
    line.confidence.push(confidence);
    lines.set(cols[4]!, line);
    paragraphs.set(paragraphKey, lines);
  }
  const out: string[] = [];
  for (const lines of paragraphs.values()) {
    const kept = [...lines.values()]
      .filter((l) => mean(l.confidence) >= MIN_LINE_CONFIDENCE && /\p{L}{2}|\p{N}/u.test(l.words.join("")))
      .map((l) => l.words.join(" "));
    const text = kept.reduce((acc, line) => joinOcrLine(acc, line), "");
    if (text) out.push(text);
  }
  return out;
}

function joinOcrLine(text: string, line: string): string {
  if (!text) return line;
  if (/\p{L}-$/u.test(text) && /^\p{Ll}/u.test(line)) return text.slice(0, -1) + line;
  return `${text} ${line}`;
}

function mean(values: number[]): number {
  return values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
}

type RunOptions = { input?: Buffer; timeoutMs: number; signal?: AbortSignal; env?: NodeJS.ProcessEnv };

/** Runs a program (no shell) and resolves with its stdout; rejects on a non-zero exit, timeout or abort. */
export function runProcess(command: string, args: string[], options: RunOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) return reject(options.signal.reason);
    const child = spawn(command, args, {
      stdio: ["pipe", "pipe", "pipe"],
      timeout: options.timeoutMs,
      signal: options.signal,
      env: options.env ?? process.env,
    });
    const stdout: Buffer[] = [];
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
    child.stdin.on("error", () => undefined); // the program may exit before reading everything
    child.on("error", (error) => reject(options.signal?.aborted ? options.signal.reason : error));
    child.on("close", (code, signal) => {
      if (options.signal?.aborted) return reject(options.signal.reason);
      if (code === 0) return resolve(Buffer.concat(stdout));
      const why = signal ? `was stopped (${signal}${signal === "SIGTERM" ? ", timed out?" : ""})` : `exited with ${code}`;
      reject(new Error(`${path.basename(command)} ${why}: ${stderr.trim().split("\n").pop() ?? ""}`));
    });
    child.stdin.end(options.input ?? Buffer.alloc(0));
  });
}
