import { seededRandom } from "../../seeded-random";
import fs from "node:fs";
import path from "node:path";
import { DataType, encodeModel, floatTensor, int64Tensor, type Graph, type Node, type Tensor } from "./onnx-proto";

/**
 * Writes a real, runnable BERT-architecture model folder (config.json, tokenizer.json,
 * tokenizer_config.json, onnx/model.onnx) with seeded random weights.
 *
 * Why: no embedding model can be downloaded on our machines, yet the local ONNX path
 * (@huggingface/transformers -> tokenizer -> onnxruntime-node -> pooling) must be exercised
 * for real. The weights are random, so the vectors carry no learned meaning; they still
 * depend on the words (texts sharing words land closer), and with MiniLM's shape the
 * compute cost per chunk is the real one, which is what the benchmark measures.
 */
export type BertShape = {
  hiddenSize: number;
  layers: number;
  heads: number;
  intermediateSize: number;
  maxPositions: number;
};

/** The shape of sentence-transformers/all-MiniLM-L6-v2 (384 dimensions). */
export const MINILM_L6_SHAPE: BertShape = { hiddenSize: 384, layers: 6, heads: 12, intermediateSize: 1536, maxPositions: 512 };

/** A shape small enough to build and run in milliseconds inside unit tests. */
export const TINY_SHAPE: BertShape = { hiddenSize: 32, layers: 2, heads: 4, intermediateSize: 64, maxPositions: 128 };

export type BertFixtureOptions = {
  shape?: BertShape;
  /** Whole words for the WordPiece vocabulary; letters and "##" letters are always added so any text tokenises. */
  words?: string[];
  seed?: number;
  /** Tokenizer truncation length written to tokenizer_config.json. */
  modelMaxLength?: number;
  /** File name under onnx/ (e.g. "model_quantized.onnx" to mimic a quantized export's layout). */
  onnxFileName?: string;
};

const SPECIAL_TOKENS = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"] as const;

/** Builds the vocabulary: special tokens, then single characters, then "##" continuations, then words. */
export function buildVocabulary(words: string[]): string[] {
  const chars = "abcdefghijklmnopqrstuvwxyz0123456789.,;:!?'\"()-/%".split("");
  const vocab = new Set<string>([...SPECIAL_TOKENS, ...chars, ...chars.map((c) => `##${c}`)]);
  for (const w of words) {
    const word = w.toLowerCase().trim();
    if (word && !/\s/.test(word)) vocab.add(word);
  }
  return [...vocab];
}


function randomMatrix(rand: () => number, size: number, scale: number): Float32Array {
  const out = new Float32Array(size);
  for (let i = 0; i < size; i++) out[i] = (rand() * 2 - 1) * scale;
  return out;
}

function filled(size: number, value: number): Float32Array {
  return new Float32Array(size).fill(value);
}

/** Collects nodes and initializers while the graph is described. */
class GraphBuilder {
  nodes: Node[] = [];
  initializers: Tensor[] = [];
  private counter = 0;

  weight(name: string, dims: number[], data: Float32Array): string {
    this.initializers.push(floatTensor(name, dims, data));
    return name;
  }

  ints(name: string, dims: number[], values: number[]): string {
    this.initializers.push(int64Tensor(name, dims, values));
    return name;
  }

  op(op: string, inputs: string[], attributes?: Node["attributes"]): string {
    const out = `${op.toLowerCase()}_${this.counter++}`;
    this.nodes.push({ op, inputs, outputs: [out], attributes });
    return out;
  }
}

function layerNorm(g: GraphBuilder, x: string, prefix: string, hidden: number): string {
  const gamma = g.weight(`${prefix}.gamma`, [hidden], filled(hidden, 1));
  const beta = g.weight(`${prefix}.beta`, [hidden], filled(hidden, 0));
  return g.op("LayerNormalization", [x, gamma, beta], [
    { name: "axis", int: -1 },
    { name: "epsilon", float: 1e-12 },
  ]);
}

function dense(g: GraphBuilder, rand: () => number, x: string, prefix: string, inSize: number, outSize: number): string {
  const w = g.weight(`${prefix}.weight`, [inSize, outSize], randomMatrix(rand, inSize * outSize, 1 / Math.sqrt(inSize)));
  const b = g.weight(`${prefix}.bias`, [outSize], filled(outSize, 0));
  return g.op("Add", [g.op("MatMul", [x, w]), b]);
}

/** Splits [B,T,D] into heads: [B,H,T,Dh], or [B,H,Dh,T] when `keyLayout` (ready for Q·Kᵀ). */
function toHeads(g: GraphBuilder, x: string, keyLayout: boolean): string {
  const reshaped = g.op("Reshape", [x, "const.heads_shape"]);
  return g.op("Transpose", [reshaped], [{ name: "perm", ints: keyLayout ? [0, 2, 3, 1] : [0, 2, 1, 3] }]);
}

function encoderLayer(g: GraphBuilder, rand: () => number, x: string, i: number, shape: BertShape): string {
  const { hiddenSize: d, intermediateSize: inter, heads } = shape;
  const p = `encoder.layer.${i}`;
  const q = toHeads(g, dense(g, rand, x, `${p}.attention.query`, d, d), false);
  const k = toHeads(g, dense(g, rand, x, `${p}.attention.key`, d, d), true);
  const v = toHeads(g, dense(g, rand, x, `${p}.attention.value`, d, d), false);
  const scale = g.weight(`${p}.attention.scale`, [], filled(1, 1 / Math.sqrt(d / heads)));
  const scores = g.op("Add", [g.op("Mul", [g.op("MatMul", [q, k]), scale]), "mask_bias"]);
  const context = g.op("MatMul", [g.op("Softmax", [scores], [{ name: "axis", int: -1 }]), v]);
  const merged = g.op("Reshape", [g.op("Transpose", [context], [{ name: "perm", ints: [0, 2, 1, 3] }]), "const.merge_shape"]);
  const attended = dense(g, rand, merged, `${p}.attention.output`, d, d);
  const x1 = layerNorm(g, g.op("Add", [attended, x]), `${p}.attention.norm`, d);
  const h = dense(g, rand, x1, `${p}.intermediate`, d, inter);
  // GELU(h) = h * 0.5 * (1 + erf(h / sqrt 2)), as BERT computes it
  const erf = g.op("Erf", [g.op("Div", [h, "const.sqrt2"])]);
  const gelu = g.op("Mul", [h, g.op("Mul", [g.op("Add", [erf, "const.one"]), "const.half"])]);
  const out = dense(g, rand, gelu, `${p}.output`, inter, d);
  return layerNorm(g, g.op("Add", [out, x1]), `${p}.output.norm`, d);
}

function embeddings(g: GraphBuilder, rand: () => number, vocabSize: number, shape: BertShape): string {
  const d = shape.hiddenSize;
  // Larger scale than the layers so the words dominate the final vectors
  const word = g.weight("embeddings.word", [vocabSize, d], randomMatrix(rand, vocabSize * d, 1));
  const position = g.weight("embeddings.position", [shape.maxPositions, d], randomMatrix(rand, shape.maxPositions * d, 0.1));
  const type = g.weight("embeddings.token_type", [2, d], randomMatrix(rand, 2 * d, 0.1));
  const seqLen = g.op("Gather", [g.op("Shape", ["input_ids"]), "const.index1"], [{ name: "axis", int: 0 }]);
  const positions = g.op("Range", ["const.zero_i64", seqLen, "const.one_i64"]);
  const sum = g.op("Add", [
    g.op("Add", [g.op("Gather", [word, "input_ids"]), g.op("Gather", [type, "token_type_ids"])]),
    g.op("Gather", [position, positions]),
  ]);
  return layerNorm(g, sum, "embeddings.norm", d);
}

/** Attention mask [B,T] (1 keep, 0 pad) -> additive bias [B,1,1,T] (0 or -10000). */
function maskBias(g: GraphBuilder): void {
  const asFloat = g.op("Cast", ["attention_mask"], [{ name: "to", int: DataType.FLOAT }]);
  const expanded = g.op("Unsqueeze", [asFloat, "const.mask_axes"]);
  const bias = g.op("Mul", [g.op("Sub", ["const.one", expanded]), "const.neg_big"]);
  g.nodes.push({ op: "Identity", inputs: [bias], outputs: ["mask_bias"] });
}

function addConstants(g: GraphBuilder, shape: BertShape): void {
  g.ints("const.heads_shape", [4], [0, 0, shape.heads, shape.hiddenSize / shape.heads]);
  g.ints("const.merge_shape", [3], [0, 0, shape.hiddenSize]);
  g.ints("const.mask_axes", [2], [1, 2]);
  g.ints("const.index1", [], [1]);
  g.ints("const.zero_i64", [], [0]);
  g.ints("const.one_i64", [], [1]);
  g.weight("const.one", [], filled(1, 1));
  g.weight("const.half", [], filled(1, 0.5));
  g.weight("const.sqrt2", [], filled(1, Math.SQRT2));
  g.weight("const.neg_big", [], filled(1, -10000));
}

export function buildBertGraph(vocabSize: number, shape: BertShape, seed: number): Graph {
  if (shape.hiddenSize % shape.heads !== 0) throw new Error("hiddenSize must be a multiple of heads");
  const rand = seededRandom(seed);
  const g = new GraphBuilder();
  addConstants(g, shape);
  maskBias(g);
  let x = embeddings(g, rand, vocabSize, shape);
  for (let i = 0; i < shape.layers; i++) x = encoderLayer(g, rand, x, i, shape);
  g.nodes.push({ op: "Identity", inputs: [x], outputs: ["last_hidden_state"] });
  const tokens = (name: string) => ({ name, type: DataType.INT64, shape: ["batch_size", "sequence_length"] });
  return {
    name: "bert_fixture",
    nodes: g.nodes,
    initializers: g.initializers,
    inputs: [tokens("input_ids"), tokens("attention_mask"), tokens("token_type_ids")],
    outputs: [{ name: "last_hidden_state", type: DataType.FLOAT, shape: ["batch_size", "sequence_length", shape.hiddenSize] }],
  };
}

function addedToken(content: string, id: number) {
  return { id, content, single_word: false, lstrip: false, rstrip: false, normalized: false, special: true };
}

/** tokenizer.json in the Hugging Face `tokenizers` format for an uncased BERT WordPiece tokenizer. */
export function bertTokenizerJson(vocab: string[]): object {
  const ids = Object.fromEntries(vocab.map((t, i) => [t, i]));
  const special = (t: string) => ({ SpecialToken: { id: t, type_id: 0 } });
  return {
    version: "1.0",
    truncation: null,
    padding: null,
    added_tokens: SPECIAL_TOKENS.map((t) => addedToken(t, ids[t] as number)),
    normalizer: { type: "BertNormalizer", clean_text: true, handle_chinese_chars: true, strip_accents: null, lowercase: true },
    pre_tokenizer: { type: "BertPreTokenizer" },
    post_processor: {
      type: "TemplateProcessing",
      single: [special("[CLS]"), { Sequence: { id: "A", type_id: 0 } }, special("[SEP]")],
      pair: [special("[CLS]"), { Sequence: { id: "A", type_id: 0 } }, special("[SEP]"), { Sequence: { id: "B", type_id: 1 } }, { SpecialToken: { id: "[SEP]", type_id: 1 } }],
      special_tokens: Object.fromEntries(["[CLS]", "[SEP]"].map((t) => [t, { id: t, ids: [ids[t]], tokens: [t] }])),
    },
    decoder: { type: "WordPiece", prefix: "##", cleanup: true },
    model: { type: "WordPiece", unk_token: "[UNK]", continuing_subword_prefix: "##", max_input_chars_per_word: 100, vocab: ids },
  };
}

/** Writes the model folder and returns its path. Takes well under a second for TINY_SHAPE. */
export function writeBertFixture(dir: string, options: BertFixtureOptions = {}): string {
  const shape = options.shape ?? TINY_SHAPE;
  const vocab = buildVocabulary(options.words ?? []);
  fs.mkdirSync(path.join(dir, "onnx"), { recursive: true });
  const config = {
    architectures: ["BertModel"],
    model_type: "bert",
    hidden_size: shape.hiddenSize,
    num_hidden_layers: shape.layers,
    num_attention_heads: shape.heads,
    intermediate_size: shape.intermediateSize,
    max_position_embeddings: shape.maxPositions,
    type_vocab_size: 2,
    vocab_size: vocab.length,
    pad_token_id: 0,
  };
  const tokenizerConfig = {
    tokenizer_class: "BertTokenizer",
    do_lower_case: true,
    model_max_length: options.modelMaxLength ?? shape.maxPositions,
    cls_token: "[CLS]",
    sep_token: "[SEP]",
    pad_token: "[PAD]",
    unk_token: "[UNK]",
    mask_token: "[MASK]",
    clean_up_tokenization_spaces: true,
  };
  fs.writeFileSync(path.join(dir, "config.json"), JSON.stringify(config, null, 2));
  fs.writeFileSync(path.join(dir, "tokenizer.json"), JSON.stringify(bertTokenizerJson(vocab)));
  fs.writeFileSync(path.join(dir, "tokenizer_config.json"), JSON.stringify(tokenizerConfig, null, 2));
  const model = encodeModel(buildBertGraph(vocab.length, shape, options.seed ?? 42));
  fs.writeFileSync(path.join(dir, "onnx", options.onnxFileName ?? "model.onnx"), model);
  return dir;
}
