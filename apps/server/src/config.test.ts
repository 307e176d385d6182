import { describe, expect, it } from 'vitest';
import { loadSettings, SettingsError } from './config';

describe('loadSettings', () => {
  it('gives the embedded defaults', () => {
    const s = loadSettings({});
    expect(s.PORT).toBe(8080);
    expect(s.BASE_PATH).toBe('');
    expect(s.DATABASE_URL).toBeUndefined();
    expect(s.dataDir.endsWith('/data')).toBe(true);
    // No proxy is believed until the operator names one.
    expect(s.TRUST_PROXY).toBe(false);
  });

  it.each([
    ['PORT', 'eighty', /^Invalid setting PORT="eighty"/],
    ['PORT', '70000', /^Invalid setting PORT="70000"/],
    ['BASE_PATH', 'lab/ai-covers', /^Invalid setting BASE_PATH=.*must be '' or a path/],
    ['BASE_PATH', '/lab/ai-covers/', /^Invalid setting BASE_PATH/],
    ['DATABASE_URL', 'mysql://x', /^Invalid setting DATABASE_URL=.*postgres/],
    ['LOG_LEVEL', 'loud', /^Invalid setting LOG_LEVEL/],
    ['RUN_WORKER', 'maybe', /^Invalid setting RUN_WORKER/],
    ['AB_OVERRIDES', 'login_test', /^Invalid setting AB_OVERRIDES/],
    ['ENGINE', 'gpu', /^Invalid setting ENGINE="gpu"/],
    ['ENGINE', 'onnx', /^Invalid setting MODELS_DIR="": required when ENGINE=onnx/],
  ])('rejects %s=%s with one line naming it', (name, value, pattern) => {
    let error: unknown;
    try {
      loadSettings({ [name]: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SettingsError);
    expect((error as Error).message).toMatch(pattern);
    expect((error as Error).message).not.toContain('\n');
  });

  it('accepts a lab base path and trims values', () => {
    expect(loadSettings({ BASE_PATH: ' /lab/ai-covers ' }).BASE_PATH).toBe('/lab/ai-covers');
    expect(loadSettings({ RUN_WORKER: 'off' }).RUN_WORKER).toBe(false);
  });

  it('chooses the DSP engine unless told otherwise; onnx takes a models folder', () => {
    expect(loadSettings({}).ENGINE).toBe('dsp');
    expect(loadSettings({ ENGINE: 'onnx', MODELS_DIR: '/srv/models' })).toMatchObject({
      ENGINE: 'onnx',
      MODELS_DIR: '/srv/models',
    });
  });
});
