import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  createHeadshots,
  type Headshots,
  type KeptPortrait,
  type MakePackOptions,
  type PhotoCheck,
} from '@ai-covers/headshots';
import type { FilesService } from '../storage/files/files.service';
import { checkPhotoJob, generatePackJob, KEEP_JOB, keepPortraitJob, type JobDeps } from './headshots.jobs';
import { createKeptPortraits } from './headshots.kept';
import { keptPortrait as portrait } from './headshots.test-kit';
import type { HeadshotsRepo, PackRow, PhotoRow } from './headshots.repo';

// A photo's kept portrait, made in the background once the photo is approved (decision 230), with
// stand-ins for the pipeline's costly steps and the store; the kept bytes go through the real
// format. The real pipeline's run is in headshots.keep-ahead.test.ts.

const real = createHeadshots();
afterAll(() => real.close());

/** A making the test lets finish when it says. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

function setup() {
  const log = { warn: vi.fn(), error: vi.fn() };
  const store = new Map<string, Buffer>();
  const rows = new Map<string, Pick<PhotoRow, 'id' | 'storageKey'>>();
  let hold: Promise<void> = Promise.resolve();
  const preparePortrait = vi.fn(async (_input: string, _o?: { background?: boolean }) => {
    await hold;
    return portrait();
  });
  const pipeline = {
    preparePortrait,
    packPortrait: (p: KeptPortrait) => real.packPortrait(p),
    unpackPortrait: (b: Uint8Array) => real.unpackPortrait(b),
  } as unknown as Headshots;
  const kept = createKeptPortraits({
    repo: { photoById: async (id: string) => (rows.get(id) as PhotoRow | undefined) ?? null },
    files: {
      localFile: async () => '/photo.jpg',
      readBeside: async (key: string) => store.get(`${key}.kept`) ?? null,
      keepBeside: async (key: string, bytes: Buffer) => void store.set(`${key}.kept`, bytes),
      dropBeside: async (key: string) => void store.delete(`${key}.kept`),
    } as unknown as FilesService,
    pipeline: () => pipeline,
    log: log as never,
  });
  const photo = (id: string) => {
    const row = { id, storageKey: `headshots/in/${id}.jpg` };
    rows.set(id, row);
    return row;
  };
  const holdUntil = (g: { opened: Promise<void> }) => (hold = g.opened);
  return { kept, store, rows, log, preparePortrait, photo, holdUntil };
}

const never = new AbortController().signal;

describe("an approved photo's kept portrait", () => {
  it('is made in the background at the lowered priority; a preview asked meanwhile waits on that one', async () => {
    const { kept, store, preparePortrait, photo, holdUntil } = setup();
    const p = photo('p1');
    const g = gate();
    holdUntil(g);
    const background = kept.ensure(p, never);
    await vi.waitFor(() => expect(preparePortrait).toHaveBeenCalledTimes(1));
    expect(preparePortrait.mock.calls[0]![1]).toMatchObject({ background: true });
    // The preview finds it under way: no second making of the same photo.
    const preview = kept.portrait(p, never);
    g.open();
    expect(await background).toBe('made');
    expect(await preview).toMatchObject({ width: 40, height: 50 });
    expect(preparePortrait).toHaveBeenCalledTimes(1);
    expect(store.has(`${p.storageKey}.kept`)).toBe(true);
    // Later previews read it; the job run again (a retry) finds it kept.
    expect(await kept.portrait(p, never)).toMatchObject({ width: 40, scale: 0.5 });
    expect(await kept.ensure(p, never)).toBe('kept');
    expect(preparePortrait).toHaveBeenCalledTimes(1);
  });

  it('a preview that finds none makes it at its own priority; the job then waits on that one', async () => {
    const { kept, preparePortrait, photo, holdUntil } = setup();
    const p = photo('p2');
    const g = gate();
    holdUntil(g);
    const preview = kept.portrait(p, never);
    await vi.waitFor(() => expect(preparePortrait).toHaveBeenCalledTimes(1));
    expect(preparePortrait.mock.calls[0]![1]).toMatchObject({ background: false });
    const job = kept.ensure(p, never);
    g.open();
    expect(await job).toBe('joined');
    await preview;
    expect(preparePortrait).toHaveBeenCalledTimes(1);
  });

  it('kept for a photo deleted while it was made is removed again; a failed making keeps nothing', async () => {
    const { kept, store, rows, preparePortrait, photo, holdUntil } = setup();
    const p = photo('p3');
    const g = gate();
    holdUntil(g);
    const job = kept.ensure(p, never);
    await vi.waitFor(() => expect(preparePortrait).toHaveBeenCalledTimes(1));
    rows.delete(p.id);
    g.open();
    await job;
    expect(store.has(`${p.storageKey}.kept`)).toBe(false);

    const q = photo('p4');
    preparePortrait.mockRejectedValueOnce(new Error('the matting process was killed'));
    await expect(kept.ensure(q, never)).rejects.toThrow('killed');
    expect(store.has(`${q.storageKey}.kept`)).toBe(false);
    // Nothing is left "under way": the next ask makes it.
    expect(await kept.ensure(q, never)).toBe('made');
  });
});

describe('the background job', () => {
  const approvedCheck = {
    approved: true,
    reasons: [],
    data: {},
    face: null,
    width: 768,
    height: 768,
    format: 'jpeg',
    capacity: 6,
    fingerprint: 'f',
  } as unknown as PhotoCheck;

  function jobDeps(check: PhotoCheck, row: Partial<PhotoRow>, keepAhead?: boolean) {
    const send = vi.fn(async () => 'job-1');
    const ensure = vi.fn(async () => 'made' as const);
    const deps = {
      repo: {
        photoById: async () => ({ id: 'p1', userId: 1, storageKey: 'k/p1.jpg', ...row }) as PhotoRow,
        draftPhotos: async () => [],
        setCheck: async () => undefined,
      } as unknown as HeadshotsRepo,
      files: { localFile: async () => '/photo.jpg' } as unknown as FilesService,
      pipeline: () => ({ checkPhoto: async () => check }) as unknown as Headshots,
      kept: { ensure } as unknown as JobDeps['kept'],
      send,
      notifyReady: async () => undefined,
      log: { warn: vi.fn(), info: vi.fn() } as never,
      ...(keepAhead === undefined ? {} : { keepAhead }),
    } satisfies JobDeps;
    return { deps, send, ensure };
  }

  it('is sent when a check approves a photo, not when it declines one or keeping ahead is off', async () => {
    const approved = jobDeps(approvedCheck, { status: 'checking' });
    expect(await checkPhotoJob(approved.deps, 'p1')).toBe('approved');
    expect(approved.send).toHaveBeenCalledWith(KEEP_JOB, 'p1');

    const declined = jobDeps({ ...approvedCheck, approved: false, reasons: ['NO_FACE'] } as PhotoCheck, {
      status: 'checking',
    });
    expect(await checkPhotoJob(declined.deps, 'p1')).toBe('declined');
    expect(declined.send).not.toHaveBeenCalled();

    const off = jobDeps(approvedCheck, { status: 'checking' }, false);
    expect(await checkPhotoJob(off.deps, 'p1')).toBe('approved');
    expect(off.send).not.toHaveBeenCalled();
  });

  it('keeps an approved photo and skips one declined or gone meanwhile', async () => {
    const approved = jobDeps(approvedCheck, { status: 'approved' });
    expect(await keepPortraitJob(approved.deps, 'p1', never)).toBe('made');
    expect(approved.ensure).toHaveBeenCalledWith({ id: 'p1', storageKey: 'k/p1.jpg' }, never);
    const declined = jobDeps(approvedCheck, { status: 'declined' });
    expect(await keepPortraitJob(declined.deps, 'p1', never)).toBe('skipped');
    const gone = jobDeps(approvedCheck, {});
    gone.deps.repo.photoById = async () => null;
    expect(await keepPortraitJob(gone.deps, 'p1', never)).toBe('skipped');
    expect(declined.ensure).not.toHaveBeenCalled();
    expect(gone.ensure).not.toHaveBeenCalled();
  });

  it('keeps only a photo a pack would take when packs take a few photos', async () => {
    const first = { id: 'p0', status: 'approved', capacity: 6, fingerprint: null } as PhotoRow;
    const draft = async () => [
      first,
      { id: 'p1', status: 'approved', capacity: 6, fingerprint: null } as PhotoRow,
    ];
    const outside = jobDeps(approvedCheck, { status: 'approved' });
    outside.deps.repo.draftPhotos = draft;
    expect(await keepPortraitJob({ ...outside.deps, photosLimit: 1 }, 'p1', never)).toBe('skipped');
    expect(outside.ensure).not.toHaveBeenCalled();
    const inside = jobDeps(approvedCheck, { status: 'approved' });
    inside.deps.repo.draftPhotos = draft;
    expect(await keepPortraitJob({ ...inside.deps, photosLimit: 2 }, 'p1', never)).toBe('made');
  });
});

describe("a pack and its photos' kept portraits", () => {
  it("hands the pipeline each photo's kept bytes, read only when its matte is due", async () => {
    const store = new Map([['k/a.jpg', Buffer.from('kept for a')]]);
    const read = vi.fn(async (key: string) => store.get(key) ?? null);
    let asked: MakePackOptions | undefined;
    const photos: Record<string, Partial<PhotoRow>> = {
      a: { id: 'a', userId: 1, storageKey: 'k/a.jpg', status: 'approved', capacity: 6 },
      b: { id: 'b', userId: 1, storageKey: 'k/b.jpg', status: 'approved', capacity: 6 },
    };
    const pack = {
      id: 'pk',
      userId: 1,
      photoIds: ['a', 'b'],
      styles: ['navy-studio'],
      count: 1,
      kind: 'preview',
    };
    const deps = {
      repo: {
        claimPack: async () => pack as unknown as PackRow,
        renewPackLease: async () => true,
        photoById: async (id: string) => photos[id] as PhotoRow,
        updateRun: async () => null,
      } as unknown as HeadshotsRepo,
      files: {
        localFile: async (o: { storageKey: string }) => `/in/${o.storageKey}`,
        readBeside: read,
      } as unknown as FilesService,
      pipeline: () =>
        ({
          makePack: async (o: MakePackOptions) => {
            asked = o;
            throw new Error('stop after the options');
          },
        }) as unknown as Headshots,
      kept: {} as JobDeps['kept'],
      send: async () => null,
      notifyReady: async () => undefined,
      log: { warn: vi.fn(), info: vi.fn() } as never,
      lease: { owner: 'here/1/x', ttlMs: 30_000, renewMs: 10_000 },
    } satisfies JobDeps;
    expect(await generatePackJob(deps, 'pk', 'job-1', never)).toBe('failure');
    expect(read).not.toHaveBeenCalled();
    expect(asked!.photos).toEqual(['/in/k/a.jpg', '/in/k/b.jpg']);
    expect(await asked!.kept!(0)).toEqual(Buffer.from('kept for a'));
    expect(await asked!.kept!(1)).toBeNull();
    expect(read.mock.calls.map((c) => c[0])).toEqual(['k/a.jpg', 'k/b.jpg']);
  });
});
