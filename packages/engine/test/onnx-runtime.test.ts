import { describe, expect, it } from 'vitest';
import { EngineError } from '../src/index';
import { onnxRuntime } from '../src/onnx/session';

/** What Node's require throws for a package that is not installed. */
function notInstalled(id: string): never {
  throw Object.assign(new Error(`Cannot find module '${id}'\nRequire stack:\n- /x/session.ts`), {
    code: 'MODULE_NOT_FOUND',
  });
}

describe('onnxruntime as an optional dependency', () => {
  it('a missing onnxruntime-node stops ENGINE=onnx with one line saying what to install', () => {
    let error: unknown;
    try {
      onnxRuntime(notInstalled);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).code).toBe('MODEL_INVALID');
    expect((error as EngineError).message).toBe(
      'ENGINE=onnx needs the onnxruntime-node package, which is not installed: run `ONNXRUNTIME_NODE_INSTALL=skip npm install` (its CPU build, no CUDA download) or use ENGINE=dsp',
    );
  });

  it('a binding that cannot load is named on the same one line', () => {
    const broken = () => {
      throw new Error('libonnxruntime.so.1: cannot open shared object file\nmore detail');
    };
    expect(() => onnxRuntime(broken)).toThrow(
      /^ENGINE=onnx needs the onnxruntime-node package, which cannot load \(libonnxruntime\.so\.1: cannot open shared object file\): /,
    );
  });

  it('loads the installed package', () => {
    expect(typeof onnxRuntime().InferenceSession.create).toBe('function');
  });
});
