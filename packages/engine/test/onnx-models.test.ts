import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EngineError } from '../src/index';
import { loadModels } from '../src/onnx/registry';
import { tempDir } from './helpers';
import { addContent, addRmvpe, addSeparator, addVoice, manifestPath } from './support/model-folder';
import { mdxGainModel, writeModel } from './support/tiny-models';

/** The one-line message a broken folder is refused with. */
async function refusal(dir: string): Promise<string> {
  try {
    const r = await loadModels(dir);
    await r.close();
  } catch (e) {
    expect(e).toBeInstanceOf(EngineError);
    expect((e as EngineError).code).toBe('MODEL_INVALID');
    expect((e as Error).message).not.toContain('\n');
    return (e as Error).message;
  }
  throw new Error('the folder was accepted');
}

function editManifest(dir: string, id: string, change: (m: Record<string, unknown>) => void): void {
  const p = manifestPath(dir, id);
  const m = JSON.parse(readFileSync(p, 'utf8')) as Record<string, unknown>;
  change(m);
  writeFileSync(p, JSON.stringify(m));
}

describe('models folder', () => {
  it('loads a separator, a content encoder, a pitch model and a voice, checked against their sessions', async () => {
    const dir = tempDir();
    addSeparator(dir, [1, 1, 1, 1]);
    addContent(dir);
    addRmvpe(dir, 100);
    addVoice(dir, 'aria', 'pitchf', { f0: 'pitch' });
    const r = await loadModels(dir);
    try {
      expect(r.separator?.manifest.id).toBe('sep');
      expect([...r.voices.keys()]).toEqual(['aria']);
      expect(r.content.get('content')?.manifest.dim).toBe(768);
      expect(r.f0.has('pitch')).toBe(true);
    } finally {
      await r.close();
    }
  });

  it('refuses a folder that is not readable', async () => {
    expect(await refusal(join(tempDir(), 'nope'))).toMatch(/MODELS_DIR .*nope is not a readable folder/);
    const locked = tempDir();
    addSeparator(locked, [1, 1, 1, 1]);
    chmodSync(locked, 0o000);
    try {
      // Root reads anything; elsewhere the folder is refused.
      if (process.getuid?.() !== 0) expect(await refusal(locked)).toMatch(/not a readable folder/);
    } finally {
      chmodSync(locked, 0o755);
    }
  });

  it('refuses a manifest naming a missing file, with the file in the message', async () => {
    const dir = tempDir();
    addSeparator(dir, [1, 1, 1, 1]);
    editManifest(dir, 'sep', (m) => {
      (m['files'] as { model: { path: string } }).model.path = 'gone.onnx';
    });
    expect(await refusal(dir)).toBe(`${join(dir, 'sep', 'gone.onnx')}: the file is missing`);
  });

  it('refuses a file whose sha256 differs from the manifest', async () => {
    const dir = tempDir();
    addSeparator(dir, [1, 1, 1, 1]);
    editManifest(dir, 'sep', (m) => {
      (m['files'] as { model: { sha256: string } }).model.sha256 = '0'.repeat(64);
    });
    expect(await refusal(dir)).toMatch(/sep\/model\.onnx: sha256 is [0-9a-f]{64}, the manifest says 0{64}$/);
  });

  it('refuses a model whose inputs differ from its manifest', async () => {
    const dir = tempDir();
    // The manifest promises dim_f 1024; the model takes 512.
    writeModel(
      dir,
      {
        kind: 'mdx-separator',
        id: 'sep',
        name: 'Wrong shape',
        tensors: { input: 'input', output: 'output' },
        sampleRate: 44100,
        stft: { nFft: 3072, hop: 1024, dimF: 1024, dimT: 16 },
      },
      mdxGainModel(512, 16, [1, 1, 1, 1]),
    );
    expect(await refusal(dir)).toMatch(
      /model\.onnx: input "input" has shape \[batch, 4, 512, 16\], expected \[\?, 4, 1024, 16\]/,
    );
    editManifest(dir, 'sep', (m) => {
      m['tensors'] = { input: 'mix', output: 'output' };
    });
    expect(await refusal(dir)).toMatch(/has no input "mix" \(it has "input"\)/);
  });

  it('refuses an RVC voice without its content model', async () => {
    const dir = tempDir();
    addVoice(dir, 'aria', 'pitchf');
    expect(await refusal(dir)).toMatch(
      /aria\/manifest\.json: voice "aria" needs the content model "content", which .* does not have/,
    );
  });

  it('refuses a manifest with a bad field, naming the file and the field', async () => {
    const dir = tempDir();
    addSeparator(dir, [1, 1, 1, 1]);
    editManifest(dir, 'sep', (m) => {
      (m['stft'] as Record<string, number>)['hop'] = -3;
    });
    expect(await refusal(dir)).toMatch(/sep\/manifest\.json: stft\.hop /);
    mkdirSync(join(dir, 'junk'));
    writeFileSync(join(dir, 'junk', 'manifest.json'), '{ not json');
    editManifest(dir, 'sep', (m) => {
      (m['stft'] as Record<string, number>)['hop'] = 1024;
    });
    expect(await refusal(dir)).toMatch(/junk\/manifest\.json: not valid JSON/);
  });

  it('leaves out one broken voice among several and says why', async () => {
    const dir = tempDir();
    addContent(dir);
    addVoice(dir, 'good', 'pitchf');
    addVoice(dir, 'bad', 'pitchf', { f0: 'no-such-pitch-model' });
    const warnings: string[] = [];
    const r = await loadModels(dir, { warn: (m) => warnings.push(m) });
    try {
      expect([...r.voices.keys()]).toEqual(['good']);
      expect(warnings).toEqual([
        expect.stringMatching(/^voice "bad" left out: .*names the pitch model "no-such-pitch-model"/),
      ]);
    } finally {
      await r.close();
    }
  });
});
