import { describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '../../shared/api/errors';
import { makeTask } from './covers-test-kit';
import { followCoverTask, POLL_FALLBACK_MS, type FollowDeps } from './follow-task';

const noWait = vi.fn(async () => undefined);

function deps(overrides: Partial<FollowDeps>): FollowDeps {
  return {
    subscribe: vi.fn(async () => {
      throw new Error('unexpected subscribe');
    }),
    fetchResult: vi.fn(async () => {
      throw new Error('unexpected result call');
    }),
    wait: noWait,
    ...overrides,
  };
}

describe('followCoverTask', () => {
  it('long polls with what it last saw until the task ends', async () => {
    const answers = [makeTask({ status: 2, progress: 0.4 }), makeTask({ status: 3, progress: 1 })];
    const subscribe = vi.fn<FollowDeps['subscribe']>(async () => answers.shift()!);
    const seen: number[] = [];
    const end = await followCoverTask(
      makeTask({ status: 1, progress: 0 }),
      (t) => seen.push(t.status),
      new AbortController().signal,
      deps({ subscribe }),
    );
    expect(end?.status).toBe(3);
    expect(seen).toEqual([2, 3]);
    expect(subscribe.mock.calls.map((c) => c[1])).toEqual([
      { status: 1, progress: 0 },
      { status: 2, progress: 0.4 },
    ]);
  });

  it('falls back to reading the result every 2 s once the long poll hits a network error', async () => {
    const subscribe = vi.fn(async () => {
      throw new NetworkError();
    });
    const results = [makeTask({ status: 2, progress: 0.5 }), makeTask({ status: 4, error: 'x' })];
    const fetchResult = vi.fn(async () => results.shift()!);
    const wait = vi.fn<FollowDeps['wait']>(async () => undefined);
    const end = await followCoverTask(
      makeTask({ status: 2, progress: 0.1 }),
      () => undefined,
      new AbortController().signal,
      deps({ subscribe, fetchResult, wait }),
    );
    expect(end?.status).toBe(4);
    expect(subscribe).toHaveBeenCalledTimes(1);
    expect(fetchResult).toHaveBeenCalledTimes(2);
    expect(wait.mock.calls.map((c) => c[0])).toEqual([POLL_FALLBACK_MS, POLL_FALLBACK_MS]);
  });

  it('pauses before asking again when the long poll brings nothing new', async () => {
    const same = makeTask({ status: 2, progress: 0.2 });
    const answers = [same, makeTask({ status: 3, progress: 1 })];
    const wait = vi.fn(async () => undefined);
    await followCoverTask(same, () => undefined, new AbortController().signal, {
      ...deps({ wait }),
      subscribe: vi.fn(async () => answers.shift()!),
    });
    expect(wait).toHaveBeenCalledTimes(1);
  });

  it('stops quietly when aborted, and rejects on an API error', async () => {
    const controller = new AbortController();
    const pending = followCoverTask(
      makeTask(),
      () => undefined,
      controller.signal,
      deps({
        subscribe: (_id, _seen, signal) =>
          new Promise((_resolve, reject) =>
            signal?.addEventListener('abort', () => reject(new Error('aborted'))),
          ),
      }),
    );
    controller.abort();
    await expect(pending).resolves.toBeNull();

    const gone = followCoverTask(
      makeTask(),
      () => undefined,
      new AbortController().signal,
      deps({
        subscribe: async () => {
          throw new ApiError(490618, 'The cover does not exist.');
        },
      }),
    );
    await expect(gone).rejects.toThrow('The cover does not exist.');
  });
});
