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
  it("lets a feature use another only through that feature's index.ts", async () => {
    expect(await layerErrors('features/pricing/x.ts', "export { walletKeys } from '../credits';\n")).toEqual(
      [],
    );
    expect(
      await layerErrors('features/pricing/x.ts', "export { walletKeys } from '../credits/index';\n"),
    ).toEqual([]);
    const [internal] = await layerErrors(
      'features/pricing/x.ts',
      "export { walletKeys } from '../credits/credits-api';\n",
    );
    expect(internal).toContain("Use the feature 'credits' through its public face");
    expect(
      await layerErrors('features/pricing/x.ts', "export type { ChargeFailure } from '../credits/charge';\n"),
    ).toHaveLength(1);
    expect(await layerErrors('features/pricing/x.ts', "export { useBuy } from './use-buy';\n")).toEqual([]);
  });

  it('keeps app/ above the features and shared/ below everything', async () => {
    const [toApp] = await layerErrors(
      'features/pricing/x.ts',
      "export { appRoutes } from '../../app/routes';\n",
    );
    expect(toApp).toContain('A feature does not import app/');
    const [up] = await layerErrors(
      'shared/api/x.ts',
      "export { useAuthStore } from '../../features/auth';\n",
    );
    expect(up).toContain('shared/ imports no feature');
    expect(
      await layerErrors('shared/api/x.ts', "export { AppLayout } from '../../app/layout/AppLayout';\n"),
    ).toHaveLength(1);
    // A shared module's test may set a scene with a feature's public face, but no more.
    expect(
      await layerErrors('shared/api/x.test.ts', "export { useAuthStore } from '../../features/auth';\n"),
    ).toEqual([]);
    expect(
      await layerErrors(
        'shared/api/x.test.ts',
        "export { useAuthStore } from '../../features/auth/auth-store';\n",
      ),
    ).toHaveLength(1);
  });

  it('lets only the shell load a page module of a feature as its own chunk', async () => {
    const lazyPage = "export const load = () => import('../features/covers-tool/CoverTaskPage');\n";
    expect(await layerErrors('app/routes.tsx', lazyPage)).toEqual([]);
    expect(
      await layerErrors(
        'app/routes.tsx',
        "export { CoverTaskPage } from '../features/covers-tool/CoverTaskPage';\n",
      ),
    ).toHaveLength(1);
    expect(
      await layerErrors(
        'features/share/x.ts',
        "export const load = () => import('../covers-tool/CoverTaskPage');\n",
      ),
    ).toHaveLength(1);
  });

  it('leaves telling failures apart to the request layer', async () => {
    const [decoded] = await layerErrors(
      'features/share/x.ts',
      "import { ApiError } from '../../shared/api/errors';\nexport const gone = (e: unknown) => e instanceof ApiError;\n",
    );
    expect(decoded).toContain('ask shared/api/failures.ts');
    const making =
      "import { CancelError } from '../../shared/api/errors';\nexport const stop = () => new CancelError();\n";
    expect(await layerErrors('features/share/x.ts', making)).toEqual([]);
    const faking =
      "import { ApiError } from '../../shared/api/errors';\nexport const fail = () => new ApiError(1, 'x');\n";
    expect(await layerErrors('features/share/x.test.ts', faking)).toEqual([]);
  });
});
