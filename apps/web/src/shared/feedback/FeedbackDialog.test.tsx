import { afterEach, describe, expect, it, vi } from 'vitest';
import { FeedbackMsg } from '@ai-covers/contracts';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Providers, createQueryClient } from '../providers';
import { contractResponse, errorResponse } from '../test/api-test-kit';
import { fakeFetch } from '../test/fake-network';
import { FeedbackDialog } from './FeedbackDialog';
import '../i18n/i18n';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function open(kind: 'ai-covers' | 'headshots') {
  const onClose = vi.fn();
  render(
    <Providers client={createQueryClient()}>
      <FeedbackDialog kind={kind} subjectId="task-0001" open onClose={onClose} />
    </Providers>,
  );
  return onClose;
}

describe('feedback dialog (§2), shared by the products', () => {
  it('asks for stars first, then sends rating, options and suggestion, and thanks', async () => {
    const calls = fakeFetch(({ url, body }) => {
      if (url === '/v1/feedback') {
        const sent = JSON.parse(body ?? '{}');
        return contractResponse('feedbackData', { ...sent, updated_at: '2026-11-23 01:00' });
      }
    });
    const user = userEvent.setup();
    open('ai-covers');
    expect(screen.getByRole('dialog', { name: 'How did we do?' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('alert').textContent).toBe('Pick a rating from 1 to 5 stars first.');
    expect(calls).toHaveLength(0);

    await user.click(screen.getByRole('radio', { name: '4 stars' }));
    await user.click(screen.getByRole('checkbox', { name: 'Does not sound like the voice' }));
    await user.click(screen.getByRole('checkbox', { name: 'Other suggestions' }));
    await user.type(screen.getByLabelText('Anything else you would like to tell us?'), 'Brighter chorus');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(/Thank you: your feedback helps/)).toBeTruthy();
    expect(JSON.parse(calls[0]!.body!)).toEqual({
      kind: 'ai-covers',
      subject_id: 'task-0001',
      rating: 4,
      options: ['likeness', 'other'],
      suggestion: 'Brighter chorus',
    });
  }, 20_000);

  it('words the four options for headshots when another product uses it', () => {
    fakeFetch(() => undefined);
    open('headshots');
    for (const name of [
      'Low image quality / blurry',
      'I dislike the style',
      'Does not look like me',
      'Other suggestions',
    ])
      expect(screen.getByRole('checkbox', { name })).toBeTruthy();
  });

  it('shows the server’s refusal in the dialog', async () => {
    fakeFetch(({ url }) => {
      if (url === '/v1/feedback') return errorResponse(490618, FeedbackMsg.noSubject);
    });
    const user = userEvent.setup();
    open('ai-covers');
    await user.click(screen.getByRole('radio', { name: '1 star' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('There is no such result to rate.'),
    );
  }, 20_000);
});
