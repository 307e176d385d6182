/**
 * Builds small ONNX models for the tests: the subset of onnx.proto they need, written here from
 * the ONNX specification's field numbers, encoded with protobufjs. The models have the real input
 * and output signatures of the models operators plug in, and outputs that are known functions of
 * their inputs, so the tests can check the engine's plumbing exactly.
 */
import protobuf from 'protobufjs';

const ONNX_SUBSET = `
syntax = "proto2";
package onnx;
message OperatorSetIdProto { optional string domain = 1; optional int64 version = 2; }
message TensorShapeProto {
  message Dimension { optional int64 dim_value = 1; optional string dim_param = 2; }
  repeated Dimension dim = 1;
}
message TypeProto {
  message Tensor { optional int32 elem_type = 1; optional TensorShapeProto shape = 2; }
  optional Tensor tensor_type = 1;
}
message ValueInfoProto { optional string name = 1; optional TypeProto type = 2; }
message TensorProto {
  repeated int64 dims = 1;
  optional int32 data_type = 2;
  optional string name = 8;
  optional bytes raw_data = 9;
}
message AttributeProto {
  optional string name = 1;
  optional float f = 2;
  optional int64 i = 3;
  optional bytes s = 4;
  repeated float floats = 7;
  repeated int64 ints = 8;
  optional int32 type = 20;
}
message NodeProto {
  repeated string input = 1;
  repeated string output = 2;
  optional string name = 3;
  optional string op_type = 4;
  repeated AttributeProto attribute = 5;
}
message GraphProto {
  repeated NodeProto node = 1;
  optional string name = 2;
  repeated TensorProto initializer = 5;
  repeated ValueInfoProto input = 11;
  repeated ValueInfoProto output = 12;
}
message ModelProto {
  optional int64 ir_version = 1;
  optional string producer_name = 2;
  optional GraphProto graph = 7;
  repeated OperatorSetIdProto opset_import = 8;
}
`;

const ModelProto = protobuf.parse(ONNX_SUBSET).root.lookupType('onnx.ModelProto');

/** TensorProto.DataType values. */
const ELEM = { float32: 1, int64: 7 } as const;
/** AttributeProto.AttributeType values. */
const ATTR = { FLOAT: 1, INT: 2, INTS: 7 } as const;

/** A graph input or output: a name, an element type, and dims (a string is a symbolic length). */
export interface ValueSpec {
  name: string;
  type: keyof typeof ELEM;
  shape: Array<number | string>;
}

/** An attribute value: a float, an int, or a list of ints. */
export type AttrValue = { f: number } | { i: number } | { ints: number[] };

/** One operator node. */
export interface NodeSpec {
  op: string;
  inputs: string[];
  outputs: string[];
  attrs?: Record<string, AttrValue>;
}

/** A constant tensor in the graph. */
export interface InitSpec {
  name: string;
  dims: number[];
  data: Float32Array | BigInt64Array;
}

function valueInfo(v: ValueSpec): object {
  return {
    name: v.name,
    type: {
      tensorType: {
        elemType: ELEM[v.type],
        shape: { dim: v.shape.map((d) => (typeof d === 'number' ? { dimValue: d } : { dimParam: d })) },
      },
    },
  };
}

function attribute(name: string, v: AttrValue): object {
  if ('f' in v) return { name, type: ATTR.FLOAT, f: v.f };
  if ('i' in v) return { name, type: ATTR.INT, i: v.i };
  return { name, type: ATTR.INTS, ints: v.ints };
}

/** Serialises a graph as an ONNX model (IR version 8, default opset 17). */
export function buildModel(g: {
  inputs: ValueSpec[];
  outputs: ValueSpec[];
  nodes: NodeSpec[];
  initializers?: InitSpec[];
}): Uint8Array {
  const model = {
    irVersion: 8,
    producerName: 'ai-covers-tests',
    opsetImport: [{ domain: '', version: 17 }],
    graph: {
      name: 'test',
      input: g.inputs.map(valueInfo),
      output: g.outputs.map(valueInfo),
      node: g.nodes.map((n, i) => ({
        name: `n${i}`,
        opType: n.op,
        input: n.inputs,
        output: n.outputs,
        attribute: Object.entries(n.attrs ?? {}).map(([k, v]) => attribute(k, v)),
      })),
      initializer: (g.initializers ?? []).map((t) => ({
        name: t.name,
        dims: t.dims,
        dataType: t.data instanceof Float32Array ? ELEM.float32 : ELEM.int64,
        rawData: new Uint8Array(t.data.buffer, t.data.byteOffset, t.data.byteLength),
      })),
    },
  };
  return ModelProto.encode(ModelProto.fromObject(model)).finish();
}

/** A float32 constant. */
export function floats(name: string, dims: number[], data: ArrayLike<number>): InitSpec {
  return { name, dims, data: Float32Array.from(data) };
}

/** An int64 constant. */
export function int64s(name: string, dims: number[], data: number[]): InitSpec {
  return { name, dims, data: BigInt64Array.from(data.map((v) => BigInt(v))) };
}
