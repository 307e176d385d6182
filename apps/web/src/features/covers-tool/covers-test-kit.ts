// Test support of the covers tool: the voice menu and a task as the server sends them, in
// fixtures that pass their contracts.
import { TaskStatus, type CoverTask } from '@ai-covers/contracts';
import { fixture } from '../../shared/test/api-test-kit';

export const voiceCategories = fixture('categoryData', {
  module: 'ai-covers',
  lang: 'en',
  list: [
    {
      id: 'pop',
      name: 'Pop',
      items: [
        {
          id: 'aurora',
          name: 'Aurora',
          description: 'Bright soprano',
          url: '/v1/voices/aurora/sample.mp3',
          extra: { range: { low: { note: 'C4' }, high: { note: 'C6' } } },
        },
      ],
    },
    { id: 'soul', name: 'Soul', items: [{ id: 'basalt', name: 'Basalt', description: 'Warm baritone' }] },
  ],
});

/** A task as the server returns it; override what a test is about. */
export function makeTask(overrides: Partial<CoverTask> = {}): CoverTask {
  return fixture('coverTask', {
    task_id: 'task-0001',
    kind: 'ai-covers',
    status: 1,
    progress: 0,
    voice_id: 'aurora',
    voice_name: 'Aurora',
    key: 'auto',
    key_applied: null,
    backing: 'keep',
    song_name: 'My Song.mp3',
    title: 'My Song',
    stage: null,
    eta_seconds: null,
    duration: 180,
    created_at: '2026-11-20 10:00',
    error: null,
    preview_url: null,
    preview_start: 54,
    source_url: null,
    paid: false,
    download_cost: 1,
    formats: [],
    mix: { vocal: 1, instrumental: 1, reverb: 0.2 },
    remixable: false,
    retryable: overrides.status === TaskStatus.failed || overrides.status === TaskStatus.timeout,
    ...overrides,
  });
}
