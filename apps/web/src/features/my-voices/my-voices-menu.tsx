import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TaskStatus, type CategoryItem, type MyVoice } from '@ai-covers/contracts';
import { ui } from '../../shared/ui/PageIntro';
import { selectSignedIn, useAuthStore } from '../auth';
import type { MenuEntry } from '../categories';
import { useMyVoices } from './my-voices-api';
import { MyVoicesDialog } from './MyVoicesDialog';

/** Id of the "My voices" entry of the voice menu. */
export const MY_VOICES_CATEGORY_ID = 'my-voices';

/** A ready voice as an item of the voice menu (no sample clip or avatar: the picker shows its initial). */
export const toMenuItem = (voice: MyVoice): CategoryItem => ({
  id: voice.voice_id,
  name: voice.name,
  ...(voice.range ? { description: voice.range } : {}),
});

/**
 * The menu with the account's ready voices: in 'All' and in a "My voices" entry after the built-in
 * categories. Unchanged when signed out or without a ready voice.
 */
export function withMyVoices(entries: MenuEntry[], mine: MyVoice[], name: string): MenuEntry[] {
  const items = mine.filter((v) => v.status === TaskStatus.done).map(toMenuItem);
  if (items.length === 0 || entries.length === 0) return entries;
  const [all, ...rest] = entries;
  return [{ ...all!, items: [...all!.items, ...items] }, ...rest, { id: MY_VOICES_CATEGORY_ID, name, items }];
}

/** The voice menu's entries with "My voices" added for the signed-in owner. */
export function useMenuWithMyVoices(entries: MenuEntry[]): MenuEntry[] {
  const { t } = useTranslation();
  const mine = useMyVoices();
  return withMyVoices(entries, mine.data ?? [], t('myVoices.category'));
}

/** Opens "My voices"; a visitor is asked to sign in first. */
export function MyVoicesButton() {
  const { t } = useTranslation();
  const signedIn = useAuthStore(selectSignedIn);
  const openLogin = useAuthStore((s) => s.openLogin);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={`${ui.button} ${ui.secondary}`}
        onClick={() => (signedIn ? setOpen(true) : openLogin?.())}
      >
        {t('myVoices.open')}
      </button>
      {signedIn && open ? <MyVoicesDialog open onClose={() => setOpen(false)} /> : null}
    </>
  );
}

/** Names of the account's voices by id, for covers made with them (empty when signed out). */
export function useMyVoiceNames(): Map<string, string> {
  const mine = useMyVoices();
  return new Map((mine.data ?? []).map((v) => [v.voice_id, v.name]));
}
