import { describe, expect, it, vi } from 'vitest';
import { announceWalletChange, onWalletChange } from './wallet-sync';

describe('wallet sync between windows', () => {
  it('a paid purchase announced in one window reaches the listeners of the others until they stop', async () => {
    const heard = vi.fn();
    const stop = onWalletChange(heard);
    announceWalletChange();
    await vi.waitFor(() => expect(heard).toHaveBeenCalledTimes(1));
    stop();
    announceWalletChange();
    await new Promise((r) => setTimeout(r, 50));
    expect(heard).toHaveBeenCalledTimes(1);
  });
});
