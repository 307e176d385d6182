import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CoverMsg, type CoverTask } from '@ai-covers/contracts';
import { useAuthStore } from '../auth';
import { useWalletDialogs } from '../credits';
import { CoverTaskPage } from './CoverTaskPage';
import { contractResponse, errorResponse, fixture } from '../../shared/test/api-test-kit';
import { fakeFetch, type Call } from '../../shared/test/fake-network';
import { makeTask, voiceCategories } from './covers-test-kit';
import { renderRoute } from '../../shared/test/render-route';
import { makeCreditsAccount } from '../../shared/test/account-fixtures';

const done = makeTask({
  status: 3,
  progress: 1,
  key_applied: 2,
  preview_url: '/storage/preview/task-0001.mp3',
  formats: ['wav', 'mp3', 'mp3_low', 'stems'],
});
const deduct = fixture('deductData', {
  consumed: 1,
  repeated: false,
  allowance_used: 0,
  balance: 4,
  record_id: 9,
});

let result: CoverTask;
let subscribe: (call: Call) => Promise<Response>;
let deductAnswer: () => Response;
let retryAnswer: () => Response;
let remixAnswer: (call: Call) => Response;
let calls: Call[];
let clicked: { href: string; download: string }[];
/** The paid check says "never paid" and the balance covers the download. */
let unpaidWithCredits: boolean;

beforeEach(() => {
  result = makeTask({ status: 2, progress: 0.3 });
  // By default the long poll never answers (a task that keeps working).
  subscribe = () => new Promise<Response>(() => undefined);
  deductAnswer = () => contractResponse('deductData', deduct);
  retryAnswer = () => contractResponse('coverTask', makeTask({ status: 1 }));
  remixAnswer = (call) => {
    const { vocal, instrumental, reverb } = JSON.parse(call.body ?? '{}') as CoverTask['mix'];
    return contractResponse('coverTask', {
      ...result,
      preview_url: '/storage/preview/remixed.mp3',
      mix: { vocal, instrumental, reverb },
    });
  };
  unpaidWithCredits = false;
  useAuthStore.setState({ token: 'tok', user: null, openLogin: vi.fn() });
  useWalletDialogs.setState({ limitOpen: false });
  calls = fakeFetch((call) => {
    const { method, url } = call;
    if (url.startsWith('/v1/common/category')) return contractResponse('categoryData', voiceCategories);
    if (url.startsWith('/v1/vsas/result/task-0001')) return contractResponse('coverTask', result);
    if (url.startsWith('/v1/vsas/subscribe/task-0001')) return subscribe(call);
    if (url.startsWith('/v1/vsas/retry/task-0001')) return retryAnswer();
    if (url.startsWith('/v1/deduct')) return deductAnswer();
    if (unpaidWithCredits && url.startsWith('/v1/verify/pay'))
      return contractResponse('verifyPayData', { kind: 'ai-covers', pay: false });
    if (unpaidWithCredits && url.startsWith('/v1/credits/account'))
      return contractResponse('creditsAccountData', makeCreditsAccount({ balance: 5 }));
    if (url.startsWith('/v1/vsas/download/task-0001'))
      return contractResponse('coverDownloadData', {
        url: '/storage/full/task-0001.mp3',
        name: 'My Song (Aurora).mp3',
        expire: 'x',
      });
    if (method === 'POST' && url === '/v1/vsas/remix') return remixAnswer(call);
    if (method === 'GET' && url.startsWith('/v1/feedback'))
      return contractResponse('feedbackAnswer', { feedback: null });
    if (method === 'POST' && url === '/v1/feedback')
      return contractResponse('feedbackData', {
        ...JSON.parse(call.body ?? '{}'),
        updated_at: '2026-11-23 01:00',
      });
    if (method === 'POST' && url === '/v1/task/delete')
      return contractResponse('coverDeleteData', { task_id: 'task-0001', outcome: 'deleted' });
  });
  clicked = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.getAttribute('href') ?? '', download: this.download });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const openTask = () => renderRoute('/covers/:taskId', '/covers/task-0001', <CoverTaskPage />);
const statusText = () => screen.getByRole('status').textContent;
const paths = () => calls.map((c) => `${c.method} ${c.url.split('?')[0]}`);

describe('task page (covers/:taskId)', () => {
  it('shows progress while the cover is made, then the preview player when the long poll says done', async () => {
    let answer: (response: Response) => void = () => undefined;
    subscribe = () => new Promise<Response>((resolve) => (answer = resolve));
    openTask();
    // The title the server read from the song (its tags, or the file name without extension).
    expect(await screen.findByRole('heading', { name: 'My Song' })).toBeTruthy();
    expect(statusText()).toBe('Making the cover');
    expect(screen.getByRole('progressbar')).toBeTruthy();
    expect(document.querySelector<HTMLAudioElement>('audio[controls]')).toBeNull();
    await waitFor(() => expect(paths()).toContain('GET /v1/vsas/subscribe/task-0001'));
    // The long poll says what the page last saw.
    const sent = new URL(calls.find((c) => c.url.includes('/subscribe/'))!.url, 'http://x').searchParams;
    expect([sent.get('status'), sent.get('progress')]).toEqual(['2', '0.3']);

    await act(async () => answer(contractResponse('coverTask', done)));
    await waitFor(() => expect(statusText()).toBe('Ready'));
    const audio = document.querySelector<HTMLAudioElement>('audio[controls]');
    expect(audio?.getAttribute('src')).toBe('/storage/preview/task-0001.mp3');
    expect(audio?.hasAttribute('controls')).toBe(true);
    expect(screen.getByRole('heading', { name: 'Preview (30 seconds)' })).toBeTruthy();
    expect(screen.getByText(/Voice: Aurora · Key: Auto \(\+2 semitones\)/)).toBeTruthy();
    // Done is terminal: no further long poll.
    expect(paths().filter((p) => p.includes('/subscribe/'))).toHaveLength(1);
  });

  it('plays the preview while the rest renders; the same player, on the same URL, stays when the cover is done', async () => {
    const answers: ((response: Response) => void)[] = [];
    subscribe = () => new Promise<Response>((resolve) => answers.push(resolve));
    const early = (sig: string) =>
      makeTask({ status: 2, progress: 0.4, preview_url: `/storage/preview/task-0001.mp3?sig=${sig}` });
    result = early('a');
    openTask();
    expect(await screen.findByText(/Listen to the preview while the rest of the song is made/)).toBeTruthy();
    const audio = document.querySelector<HTMLAudioElement>('audio[controls]')!;
    expect(audio.getAttribute('src')).toBe('/storage/preview/task-0001.mp3?sig=a');
    // Nothing to buy yet: the download waits for the whole cover.
    expect(screen.queryByRole('button', { name: /download/i })).toBeNull();
    expect(statusText()).toBe('Making the cover');

    // Every read signs the URL anew: the player keeps the one it started with.
    await waitFor(() => expect(answers).toHaveLength(1));
    await act(async () => answers[0]!(contractResponse('coverTask', { ...early('b'), progress: 0.6 })));
    await waitFor(() => expect(answers).toHaveLength(2));
    expect(audio.getAttribute('src')).toBe('/storage/preview/task-0001.mp3?sig=a');

    await act(async () =>
      answers[1]!(
        contractResponse('coverTask', { ...done, preview_url: '/storage/preview/task-0001.mp3?sig=c' }),
      ),
    );
    await waitFor(() => expect(statusText()).toBe('Ready'));
    expect(document.querySelector('audio[controls]')).toBe(audio);
    expect(audio.getAttribute('src')).toBe('/storage/preview/task-0001.mp3?sig=a');
    expect(screen.getByRole('button', { name: /download/i })).toBeTruthy();
  });

  it("shows the engine's reported progress without climbing by itself (a reload starts on the server's figure)", async () => {
    result = makeTask({ status: 2, progress: 0.26, stage: 'convert', eta_seconds: null });
    openTask();
    const bar = await screen.findByRole('progressbar');
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('26'));
    // The §4 schedule would have added a point every 200 ms: the render's bar waits for the engine.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('26');
  });

  it("names an own voice deleted since by the name it had, never by its id; Auto at 0 reads 'original key'", async () => {
    result = makeTask({
      status: 3,
      progress: 1,
      voice_id: 'my-f9180998aa2e',
      voice_name: 'Grandpa',
      key_applied: 0,
    });
    openTask();
    expect(await screen.findByText(/Voice: Grandpa · Key: Auto \(original key\)/)).toBeTruthy();
    expect(screen.queryByText(/my-f9180998aa2e/)).toBeNull();
  });

  it('charges one credit in the download popup, then fetches the chosen format for the browser', async () => {
    result = done;
    const user = userEvent.setup();
    openTask();
    await user.click(await screen.findByRole('button', { name: 'Download full song (1 credit)' }));
    const popup = screen.getByRole('dialog', { name: 'Download your cover' });
    expect(paths()).not.toContain('GET /v1/deduct');
    await user.click(within(popup).getByRole('radio', { name: /Stems in one zip/ }));
    await user.click(within(popup).getByRole('button', { name: 'Unlock for 1 credit and download' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]).toEqual({ href: '/storage/full/task-0001.mp3', download: 'My Song (Aurora).mp3' });
    const link = calls.find((c) => c.url.startsWith('/v1/vsas/download/'))!;
    expect(new URL(link.url, 'http://x').searchParams.get('format')).toBe('stems');
    // The popup closes once the browser has the file.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const charged = paths().indexOf('GET /v1/deduct');
    expect(charged).toBeGreaterThan(-1);
    expect(paths().indexOf('GET /v1/vsas/download/task-0001')).toBeGreaterThan(charged);
    const query = new URL(calls[charged]!.url, 'http://x').searchParams;
    expect([query.get('kind'), query.get('task_id'), query.get('purpose')]).toEqual([
      'ai-covers',
      'task-0001',
      'download',
    ]);
    // Paid now: the button offers the free re-download.
    expect(await screen.findByRole('button', { name: 'Download again' })).toBeTruthy();
  });

  it('asks once: "Unlock for 1 credit and download" charges without a second "Use 1 credit" dialog', async () => {
    result = done;
    // An account that never bought anything, with credits to spend: the case that used to ask twice.
    unpaidWithCredits = true;
    const user = userEvent.setup();
    openTask();
    await user.click(await screen.findByRole('button', { name: 'Download full song (1 credit)' }));
    const popup = screen.getByRole('dialog', { name: 'Download your cover' });
    await user.click(within(popup).getByRole('button', { name: 'Unlock for 1 credit and download' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(useWalletDialogs.getState().consume).toBeNull();
    expect(paths()).toContain('GET /v1/deduct');
  });

  it('re-downloads a paid cover without charging again', async () => {
    result = { ...done, paid: true };
    const user = userEvent.setup();
    openTask();
    await user.click(await screen.findByRole('button', { name: 'Download again' }));
    const popup = screen.getByRole('dialog');
    expect(within(popup).getByText(/Unlocked: download any format/)).toBeTruthy();
    await user.click(within(popup).getByRole('radio', { name: 'High quality · WAV' }));
    await user.click(within(popup).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(paths()).not.toContain('GET /v1/deduct');
  });

  it('switches one player between the cover and the original at the same moment of the song', async () => {
    result = { ...done, source_url: '/storage/source/my-song.mp3', preview_start: 54 };
    const user = userEvent.setup();
    openTask();
    const original = await screen.findByRole('button', { name: 'Original song' });
    const player = document.querySelector<HTMLAudioElement>('audio[controls]')!;
    expect(player.getAttribute('src')).toBe('/storage/preview/task-0001.mp3');
    expect(screen.getByRole('button', { name: 'Your cover' }).getAttribute('aria-pressed')).toBe('true');
    player.currentTime = 10;
    await user.click(original);
    expect(player.getAttribute('src')).toBe('/storage/source/my-song.mp3');
    expect(original.getAttribute('aria-pressed')).toBe('true');
    act(() => {
      player.dispatchEvent(new Event('loadedmetadata'));
    });
    // 10 s into the preview is 64 s into the song.
    expect(player.currentTime).toBe(64);
  });

  it('offers no switch when the original song is gone', async () => {
    result = done;
    openTask();
    await screen.findByRole('button', { name: 'Download full song (1 credit)' });
    expect(screen.queryByRole('button', { name: 'Original song' })).toBeNull();
  });

  it('opens the credits-limit dialog and downloads nothing when the charge is refused (490026)', async () => {
    result = done;
    deductAnswer = () => errorResponse(490026, CoverMsg.notPaid);
    const user = userEvent.setup();
    openTask();
    await user.click(await screen.findByRole('button', { name: 'Download full song (1 credit)' }));
    const button = screen.getByRole('button', { name: 'Unlock for 1 credit and download' });
    await user.click(button);
    await waitFor(() => expect(useWalletDialogs.getState().limitOpen).toBe(true));
    expect(paths()).not.toContain('GET /v1/vsas/download/task-0001');
    expect(clicked).toHaveLength(0);
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
  });

  it('names the real cause when the link is refused before the charge landed (490026, locked)', async () => {
    result = { ...done, paid: true };
    const user = userEvent.setup();
    fakeFetch(({ url }) => {
      if (url.startsWith('/v1/common/category')) return contractResponse('categoryData', voiceCategories);
      if (url.startsWith('/v1/vsas/result/task-0001')) return contractResponse('coverTask', result);
      if (url.startsWith('/v1/vsas/download/')) return errorResponse(490026, CoverMsg.downloadLocked);
    });
    openTask();
    await user.click(await screen.findByRole('button', { name: 'Download again' }));
    await user.click(screen.getByRole('button', { name: 'Download' }));
    expect(await screen.findByText(CoverMsg.downloadLocked)).toBeTruthy();
    expect(screen.queryByText('Not enough credits for download')).toBeNull();
    expect(clicked).toHaveLength(0);
  });

  it('remixes with the mix controls: the new mix and its preview replace the old', async () => {
    result = { ...done, remixable: true };
    const user = userEvent.setup();
    openTask();
    const vocal = await screen.findByRole('slider', { name: 'Vocal level' });
    const remixButton = screen.getByRole('button', { name: 'Remix' });
    expect((remixButton as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(vocal, { target: { value: '0.5' } });
    await user.click(remixButton);
    await waitFor(() =>
      expect(document.querySelector<HTMLAudioElement>('audio[controls]')?.getAttribute('src')).toBe(
        '/storage/preview/remixed.mp3',
      ),
    );
    const sent = JSON.parse(calls.find((c) => c.url === '/v1/vsas/remix')!.body!);
    expect(sent).toEqual({ task_id: 'task-0001', vocal: 0.5, instrumental: 1, reverb: 0.2 });
    expect(await screen.findByText(/Remixed: the preview and every download/)).toBeTruthy();
  }, 20_000);

  it('lists every format in the popup and greys out the ones an older cover does not have', async () => {
    result = { ...done, formats: ['mp3'] };
    const user = userEvent.setup();
    openTask();
    await user.click(await screen.findByRole('button', { name: 'Download full song (1 credit)' }));
    const popup = screen.getByRole('dialog');
    const radios = within(popup).getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((r) => r.value)).toEqual(['wav', 'mp3', 'mp3_low', 'stems']);
    expect(radios.map((r) => r.disabled)).toEqual([true, false, true, true]);
    expect(radios.find((r) => r.checked)?.value).toBe('mp3');
    expect(within(popup).getAllByText(/not available for this cover/)).toHaveLength(3);
  });

  it('offers the feedback dialog once the cover has been heard for 10 seconds', async () => {
    result = done;
    sessionStorage.clear();
    openTask();
    await screen.findByRole('button', { name: 'Download full song (1 credit)' });
    expect(screen.queryByRole('dialog')).toBeNull();
    const player = document.querySelector<HTMLAudioElement>('audio[controls]')!;
    player.currentTime = 11;
    act(() => {
      player.dispatchEvent(new Event('timeupdate'));
    });
    expect(await screen.findByRole('dialog', { name: 'How did we do?' }, { timeout: 10_000 })).toBeTruthy();
    expect(paths()).toContain('GET /v1/feedback');
    // Closed, it stays one click away.
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(await screen.findByRole('button', { name: 'Rate this cover' })).toBeTruthy();
  }, 20_000);

  it('thanks in the offered feedback dialog after Submit instead of closing silently', async () => {
    result = done;
    sessionStorage.clear();
    const user = userEvent.setup();
    openTask();
    await screen.findByRole('button', { name: 'Download full song (1 credit)' });
    const player = document.querySelector<HTMLAudioElement>('audio[controls]')!;
    player.currentTime = 11;
    act(() => {
      player.dispatchEvent(new Event('timeupdate'));
    });
    const dialog = await screen.findByRole('dialog', { name: 'How did we do?' }, { timeout: 10_000 });
    await user.click(within(dialog).getByRole('radio', { name: '4 stars' }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(/Thank you: your feedback helps/)).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'How did we do?' })).toBeTruthy();
  }, 20_000);

  it('offers no mix controls for a cover that kept no stems', async () => {
    result = done;
    openTask();
    await screen.findByRole('button', { name: 'Download full song (1 credit)' });
    expect(screen.queryByRole('slider')).toBeNull();
  });

  it("shows a failed cover's error with Retry, and Retry puts it back in line", async () => {
    result = makeTask({ status: 4, error: CoverMsg.engineFailed });
    const user = userEvent.setup();
    openTask();
    expect(await screen.findByText(CoverMsg.engineFailed)).toBeTruthy();
    expect(statusText()).toBe('Failed');
    expect(screen.getByRole('link', { name: 'Make another cover' }).getAttribute('href')).toBe('/covers/new');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(statusText()).toBe('Waiting in line'));
    expect(paths()).toContain('GET /v1/vsas/retry/task-0001');
    expect(screen.queryByText(CoverMsg.engineFailed)).toBeNull();
    await waitFor(() => expect(paths()).toContain('GET /v1/vsas/subscribe/task-0001'));
  });

  it("reads a refused retry (490618) as §8's 'Request failed. Please refresh and try again.'", async () => {
    result = makeTask({ status: 4, error: CoverMsg.engineFailed });
    retryAnswer = () => errorResponse(490618, CoverMsg.noTask);
    const user = userEvent.setup();
    openTask();
    await user.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Request failed. Please refresh and try again.')).toBeTruthy();
    expect(statusText()).toBe('Failed');
  });

  it('deletes after a confirm step and goes back to the list', async () => {
    result = done;
    const user = userEvent.setup();
    openTask();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(paths()).not.toContain('POST /v1/task/delete');
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete for good' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/covers');
    expect(calls.find((c) => c.url === '/v1/task/delete')?.body).toBe('task_id=task-0001');
  });
});
