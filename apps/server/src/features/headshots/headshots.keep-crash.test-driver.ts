// The first life of the kept-portrait crash test's server (headshots.keep-crash.test.ts): the same
// boot as the entry point, on a data folder of its own, then a signed-in account adds one photo and
// the driver prints its id once the check approved it; the photo's background portrait job then runs
// until the test kills the process. Runs only when HEADSHOTS_KEEP_DRIVER=1; the test imports the
// path alone.
import { fileURLToPath } from 'node:url';
import { boot } from '../../boot';
import { settingsOrExit } from '../../lifecycle';
import { getToken, putObject } from '../storage/storage.test-kit';
import { oneFace } from './headshots.test-photos';

export const KEEP_DRIVER = fileURLToPath(import.meta.url);

/** The line the driver prints once its photo is approved. */
export interface KeepDriverLine {
  token: string;
  photoId: string;
  status: string;
}

async function main(): Promise<void> {
  const { app, features } = await boot(settingsOrExit(), 'api');
  const email = `keep-${process.pid}@example.test`;
  const { user } = await features.users.users.upsertByIdentity({ issuer: 'test', subject: email, email });
  const { token } = await features.users.sessions.issueToken(user.id);
  const who = { authorization: `Bearer ${token}` };
  const { params } = await getToken(app, who, 'kind=headshots&ext=jpg');
  const put = await putObject(app, params, await oneFace(0), {
    contentType: 'image/jpeg',
    vars: { 'x:file_name': 'me.jpg' },
  });
  const added = await app.inject({
    method: 'POST',
    url: '/v1/headshots/photos',
    headers: who,
    payload: { file_id: put.json().data.id },
  });
  const photoId = added.json().data.photo.id as string;
  for (;;) {
    const res = await app.inject({ method: 'GET', url: `/v1/headshots/photos/${photoId}`, headers: who });
    const status = res.json().data.photo.status as string;
    if (status !== 'checking') {
      process.stdout.write(`${JSON.stringify({ token, photoId, status })}\n`);
      return;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

if (process.env.HEADSHOTS_KEEP_DRIVER === '1')
  main().catch((error: unknown) => {
    process.stderr.write(`keep driver: ${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  });
