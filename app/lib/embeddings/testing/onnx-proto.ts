/**
 * A minimal ONNX (protobuf) writer, enough to build small real models for tests and benchmarks
 * without the Python `onnx` package or any download. Field numbers follow onnx/onnx.proto (IR v8).
 */

type Bytes = Uint8Array;

function varint(value: number | bigint): Bytes {
  let v = BigInt.asUintN(64, BigInt(value));
  const out: number[] = [];
  while (v >= 0x80n) {
    out.push(Number(v & 0x7fn) | 0x80);
    v >>= 7n;
  }
  out.push(Number(v));
  return Uint8Array.from(out);
}

function concat(parts: Bytes[]): Bytes {
  const total = parts.reduce((n, p) => n + p.length, 0);
  const out = new Uint8Array(total);
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

const WIRE_VARINT = 0;
const WIRE_FIXED32 = 5;
const WIRE_BYTES = 2;

function key(field: number, wire: number): Bytes {
  return varint((field << 3) | wire);
}

function intField(field: number, value: number | bigint): Bytes {
  return concat([key(field, WIRE_VARINT), varint(value)]);
}

function floatField(field: number, value: number): Bytes {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setFloat32(0, value, true);
  return concat([key(field, WIRE_FIXED32), b]);
}

function bytesField(field: number, value: Bytes): Bytes {
  return concat([key(field, WIRE_BYTES), varint(value.length), value]);
}

function stringField(field: number, value: string): Bytes {
  return bytesField(field, new TextEncoder().encode(value));
}

/** ONNX TensorProto.DataType values used here. */
export const DataType = { FLOAT: 1, INT64: 7 } as const;
type DataTypeValue = (typeof DataType)[keyof typeof DataType];

export type Tensor = { name: string; dims: number[]; type: DataTypeValue; raw: Bytes };

export function floatTensor(name: string, dims: number[], data: Float32Array): Tensor {
  return { name, dims, type: DataType.FLOAT, raw: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
}

export function int64Tensor(name: string, dims: number[], values: number[]): Tensor {
  const data = BigInt64Array.from(values.map((v) => BigInt(v)));
  return { name, dims, type: DataType.INT64, raw: new Uint8Array(data.buffer) };
}

function encodeTensor(t: Tensor): Bytes {
  // TensorProto: dims=1, data_type=2, name=8, raw_data=9 (little-endian, as ONNX requires)
  return concat([...t.dims.map((d) => intField(1, d)), intField(2, t.type), stringField(8, t.name), bytesField(9, t.raw)]);
}

export type Attribute =
  | { name: string; int: number }
  | { name: string; float: number }
  | { name: string; ints: number[] };

function encodeAttribute(a: Attribute): Bytes {
  // AttributeProto: name=1, f=2, i=3, ints=8, type=20 (FLOAT=1, INT=2, INTS=7)
  if ("int" in a) return concat([stringField(1, a.name), intField(3, a.int), intField(20, 2)]);
  if ("float" in a) return concat([stringField(1, a.name), floatField(2, a.float), intField(20, 1)]);
  return concat([stringField(1, a.name), ...a.ints.map((i) => intField(8, i)), intField(20, 7)]);
}

export type Node = { op: string; inputs: string[]; outputs: string[]; attributes?: Attribute[] };

function encodeNode(n: Node, index: number): Bytes {
  // NodeProto: input=1, output=2, name=3, op_type=4, attribute=5
  return concat([
    ...n.inputs.map((i) => stringField(1, i)),
    ...n.outputs.map((o) => stringField(2, o)),
    stringField(3, `${n.op}_${index}`),
    stringField(4, n.op),
    ...(n.attributes ?? []).map((a) => bytesField(5, encodeAttribute(a))),
  ]);
}

/** A graph input or output: a dimension is a fixed size or a symbolic name such as "batch". */
export type ValueInfo = { name: string; type: DataTypeValue; shape: Array<number | string> };

function encodeValueInfo(v: ValueInfo): Bytes {
  // ValueInfoProto{name=1, type=2}; TypeProto{tensor_type=1}; Tensor{elem_type=1, shape=2};
  // TensorShapeProto{dim=1}; Dimension{dim_value=1, dim_param=2}
  const dims = v.shape.map((d) => bytesField(1, typeof d === "number" ? intField(1, d) : stringField(2, d)));
  const tensorType = concat([intField(1, v.type), bytesField(2, concat(dims))]);
  return concat([stringField(1, v.name), bytesField(2, bytesField(1, tensorType))]);
}

export type Graph = {
  name: string;
  nodes: Node[];
  initializers: Tensor[];
  inputs: ValueInfo[];
  outputs: ValueInfo[];
};

/** Serialises a model for the default ONNX domain at the given opset. */
export function encodeModel(graph: Graph, opset = 17): Bytes {
  // GraphProto: node=1, name=2, initializer=5, input=11, output=12
  const graphBytes = concat([
    ...graph.nodes.map((n, i) => bytesField(1, encodeNode(n, i))),
    stringField(2, graph.name),
    ...graph.initializers.map((t) => bytesField(5, encodeTensor(t))),
    ...graph.inputs.map((v) => bytesField(11, encodeValueInfo(v))),
    ...graph.outputs.map((v) => bytesField(12, encodeValueInfo(v))),
  ]);
  // ModelProto: ir_version=1, producer_name=2, graph=7, opset_import=8 (OperatorSetIdProto{domain=1, version=2})
  return concat([
    intField(1, 8),
    stringField(2, "vet-search-assistant test fixture"),
    bytesField(7, graphBytes),
    bytesField(8, concat([stringField(1, ""), intField(2, opset)])),
  ]);
}
