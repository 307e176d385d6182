import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Providers, createQueryClient } from '../../app/providers';
import { contractResponse } from '../../shared/api/api-test-kit';
import { fakeFetch, type Call } from '../covers-tool/covers-test-kit';
import { FeedbackDialog } from './FeedbackDialog';

let calls: Call[];
beforeEach(() => {
  calls = fakeFetch(({ method, url }) => {
    if (method === 'POST' && url === '/v1/headshots/packs/pack-0001/feedback')
      return contractResponse('headshotFeedbackData', { saved: true });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('feedback dialog (§2)', () => {
  it('needs a star rating, then sends it with what to improve and the suggestion', async () => {
    render(
      <Providers client={createQueryClient()}>
        <FeedbackDialog packId="pack-0001" open onClose={() => undefined} />
      </Providers>,
    );
    const dialog = await screen.findByTestId('feedback-dialog');
    const send = within(dialog).getByRole('button', { name: 'Send' });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(within(dialog).getByRole('radio', { name: '4 stars' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Low image quality / blurry' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: "Doesn't look like me" }));
    await userEvent.type(within(dialog).getByRole('textbox'), 'Warmer light please');
    await userEvent.click(send);
    expect(await within(dialog).findByText('Thank you! We read every message.')).toBeTruthy();
    expect(JSON.parse(calls.find((c) => c.url.endsWith('/feedback'))!.body!)).toEqual({
      rating: 4,
      options: ['low_quality', 'not_like_me'],
      suggestion: 'Warmer light please',
    });
  });
});
