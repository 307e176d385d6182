import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BeforeAfter } from './BeforeAfter';
import '../../shared/i18n/i18n';

/** A stand-in for wavesurfer.js (jsdom has no canvas or audio decoding): records what it is asked. */
interface FakeSurfer {
  url: string;
  setTime: ReturnType<typeof vi.fn>;
  emit: (time: number) => void;
  destroyed: boolean;
}
const { made } = vi.hoisted(() => ({ made: [] as FakeSurfer[] }));
vi.mock('./wavesurfer-loader', () => ({
  loadWaveSurfer: async () => ({
    default: {
      create: (options: { url: string }) => {
        let onInteraction: (time: number) => void = () => undefined;
        const instance = {
          url: options.url,
          setTime: vi.fn(),
          emit: (time: number) => onInteraction(time),
          destroyed: false,
        };
        made.push(instance);
        return {
          setMuted: () => undefined,
          setTime: instance.setTime,
          on: (_event: string, handler: (time: number) => void) => {
            onInteraction = handler;
            return () => undefined;
          },
          destroy: () => {
            instance.destroyed = true;
          },
        };
      },
    },
  }),
}));

afterEach(() => {
  cleanup();
  made.length = 0;
});

describe('waveforms of the result player', () => {
  it('draws the playing side, follows the player, seeks it on a click, and redraws on a switch', async () => {
    const user = userEvent.setup();
    render(
      <BeforeAfter
        sample={{ before_origin: '/s.mp3', before_url: '/s.mp3', after_origin: null, after_url: '/p.mp3' }}
        previewStart={54}
        labelledBy="x"
      />,
    );
    await waitFor(() => expect(made.map((m) => m.url)).toEqual(['/p.mp3']), { timeout: 10_000 });
    expect(screen.getByRole('img', { name: 'Waveform of your cover: click to jump' })).toBeTruthy();
    const player = document.querySelector<HTMLAudioElement>('audio[controls]')!;
    player.currentTime = 12;
    act(() => {
      player.dispatchEvent(new Event('timeupdate'));
    });
    expect(made[0]!.setTime).toHaveBeenCalledWith(12);
    act(() => made[0]!.emit(20));
    expect(player.currentTime).toBe(20);

    await user.click(screen.getByRole('button', { name: 'Original song' }));
    await waitFor(() => expect(made.map((m) => m.url)).toEqual(['/p.mp3', '/s.mp3']), {
      timeout: 10_000,
    });
    expect(made[0]!.destroyed).toBe(true);
    // The same-moment switch is untouched: 20 s into the preview is 74 s into the song.
    act(() => {
      player.dispatchEvent(new Event('loadedmetadata'));
    });
    expect(player.currentTime).toBe(74);
  }, 20_000);
});
