// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

// The repository's own lint configuration, run on made-up files of the web app: the boundaries of
// its layers fail the lint step (and so the build) the moment an import crosses them.
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const eslint = new ESLint({ cwd: repoRoot });

/** The layer rule's messages for `code` written in `file` (a path under apps/web/src). */
async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}apps/web/src/${file}` });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'web-layers/imports').map((m) => m.message);
}

describe('the web layers', () => {
  it.each([
    ["a feature's public face", 'features/pricing/x.ts', "export { walletKeys } from '../credits';"],
    [
      'a public face named in full',
      'features/pricing/x.ts',
      "export { walletKeys } from '../credits/index';",
    ],
    ["the feature's own files", 'features/pricing/x.ts', "export { useBuy } from './use-buy';"],
    [
      'a page module loaded by the shell',
      'app/routes.tsx',
      "export const p = () => import('../features/share/SharePage');",
    ],
    [
      "a face in a shared module's test",
      'shared/api/x.test.ts',
      "export { useAuthStore } from '../../features/auth';",
    ],
    [
      'a cancellation made by a feature',
      'features/share/x.ts',
      "export { CancelError } from '../../shared/api/errors';",
    ],
    [
      'any failure made by a test',
      'features/share/x.test.ts',
      "export { ApiError } from '../../shared/api/errors';",
    ],
  ])('allows %s', async (_what, file, code) => {
    expect(await layerErrors(file, `${code}\n`)).toEqual([]);
  });

  it.each([
    [
      "another feature's file",
      'features/pricing/x.ts',
      "export { walletKeys } from '../credits/credits-api';",
      "Use the feature 'credits' through its public face",
    ],
    [
      "a type from another feature's file",
      'features/pricing/x.ts',
      "export type { ChargeFailure } from '../credits/charge';",
      'through its public face',
    ],
    [
      'the shell from a feature',
      'features/pricing/x.ts',
      "export { appRoutes } from '../../app/routes';",
      'A feature does not import app/',
    ],
    [
      'a feature from shared/',
      'shared/api/x.ts',
      "export { useAuthStore } from '../../features/auth';",
      'shared/ imports no feature',
    ],
    [
      'the shell from shared/',
      'shared/api/x.ts',
      "export { AppLayout } from '../../app/layout/AppLayout';",
      'shared/ imports no feature',
    ],
    [
      "a feature's file in a shared module's test",
      'shared/api/x.test.ts',
      "export { useAuthStore } from '../../features/auth/auth-store';",
      'through its public face',
    ],
    [
      'a page module imported statically by the shell',
      'app/routes.tsx',
      "export { SharePage } from '../features/share/SharePage';",
      'through its public face',
    ],
    [
      "another feature's page loaded by a feature",
      'features/account/x.ts',
      "export const p = () => import('../share/SharePage');",
      'through its public face',
    ],
    [
      'a failure class in a feature',
      'features/share/x.ts',
      "export { ApiError } from '../../shared/api/errors';",
      'ask shared/api/failures.ts',
    ],
  ])('refuses %s', async (_what, file, code, message) => {
    const errors = await layerErrors(file, `${code}\n`);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(message);
  });
});
