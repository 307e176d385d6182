// The covers read model with a fake read version and clock: what it keeps, for whom and how long.
import { describe, expect, it } from 'vitest';
import type { ReadStamp } from '../users/read-stamps';
import { COVERS_MAX_AGE_MS, createCoversReadModel, keptUntil } from './covers.read-model';

function setUp() {
  const state = { version: 1 as number | null, live: true, clock: 1_000_000, makes: 0 };
  const model = createCoversReadModel({
    stamp: async (): Promise<ReadStamp> => ({ live: state.live, version: state.version }),
    now: () => state.clock,
  });
  /** An answer naming how many times anything was made, valid for `ttl` ms. */
  const make = (ttl = 10_000) =>
    async function made() {
      state.makes += 1;
      return { answer: `made ${state.makes}`, validUntil: state.clock + ttl };
    };
  return { state, model, make };
}

describe('covers read model', () => {
  it('serves the kept answer while the version holds, and makes it again once it moved', async () => {
    const { state, model, make } = setUp();
    expect(await model.read(7, 's1', 'list', make())).toBe('made 1');
    expect(await model.read(7, 's1', 'list', make())).toBe('made 1');
    state.version = 2;
    expect(await model.read(7, 's1', 'list', make())).toBe('made 2');
    expect(await model.read(7, 's1', 'list', make())).toBe('made 2');
  });

  it('never serves an answer past its validity (its URLs)', async () => {
    const { state, model, make } = setUp();
    expect(await model.read(7, 's1', 'task', make(5_000))).toBe('made 1');
    state.clock += 4_999;
    expect(await model.read(7, 's1', 'task', make(5_000))).toBe('made 1');
    state.clock += 1;
    expect(await model.read(7, 's1', 'task', make(5_000))).toBe('made 2');
  });

  it("keeps answers per session and per question: one session never gets another's", async () => {
    const { model, make } = setUp();
    expect(await model.read(7, 's1', 'task a', make())).toBe('made 1');
    expect(await model.read(7, 's2', 'task a', make())).toBe('made 2');
    expect(await model.read(7, 's1', 'task b', make())).toBe('made 3');
    expect(await model.read(7, 's1', 'task a', make())).toBe('made 1');
    expect(await model.read(7, 's2', 'task a', make())).toBe('made 2');
  });

  it('answers a session no longer live as signed out', async () => {
    const { state, model, make } = setUp();
    await model.read(7, 's1', 'list', make());
    state.live = false;
    expect(await model.read(7, 's1', 'list', make())).toBe('signed-out');
  });

  it('keeps nothing while the version is unknown, nor an answer of nothing', async () => {
    const { state, model, make } = setUp();
    state.version = null;
    expect(await model.read(7, 's1', 'list', make())).toBe('made 1');
    expect(await model.read(7, 's1', 'list', make())).toBe('made 2');
    state.version = 3;
    let misses = 0;
    const none = async () => {
      misses += 1;
      return null;
    };
    expect(await model.read(7, 's1', 'gone', none)).toBeNull();
    expect(await model.read(7, 's1', 'gone', none)).toBeNull();
    expect(misses).toBe(2);
  });

  it('makes an answer once for the reads that missed together at one version', async () => {
    const { state, model, make } = setUp();
    const reads = await Promise.all(Array.from({ length: 5 }, () => model.read(7, 's1', 'list', make())));
    expect(reads).toEqual(Array(5).fill('made 1'));
    expect(state.makes).toBe(1);
  });
});

describe('keptUntil', () => {
  it('is a tenth of the URLs’ lifetime, at most COVERS_MAX_AGE_MS, and 0 when a URL is already dead', () => {
    const at = 1_000_000;
    expect(keptUntil(at, [])).toBe(at + COVERS_MAX_AGE_MS);
    expect(keptUntil(at, [at + 3_600_000])).toBe(at + COVERS_MAX_AGE_MS);
    expect(keptUntil(at, [at + 3_600_000, at + 60_000])).toBe(at + 6_000);
    expect(keptUntil(at, [at - 1])).toBe(at);
  });
});
