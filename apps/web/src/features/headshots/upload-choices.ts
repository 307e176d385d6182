import { useCallback, useState } from 'react';
import type { HeadshotGender, HeadshotPlanId } from '@ai-covers/contracts';
import { readSession, writeSession } from '../../shared/storage/storage';

/** What the visitor chose on the upload page; kept for the tab's session so checkout does not lose it. */
export interface UploadChoices {
  agreed: boolean;
  gender: HeadshotGender | null;
  styles: string[];
  plan: HeadshotPlanId;
}

const KEY = 'headshots.upload';
const EMPTY: UploadChoices = { agreed: false, gender: null, styles: [], plan: 'basic' };

/** Reads stored choices, keeping only well-formed fields (the storage is the visitor's to edit). */
export function readChoices(raw: string | null): UploadChoices {
  if (!raw) return EMPTY;
  try {
    const value = JSON.parse(raw) as Partial<Record<keyof UploadChoices, unknown>>;
    return {
      agreed: value.agreed === true,
      gender:
        value.gender === 'female' || value.gender === 'male' || value.gender === 'unspecified'
          ? value.gender
          : null,
      styles: Array.isArray(value.styles)
        ? value.styles.filter((s): s is string => typeof s === 'string').slice(0, 20)
        : [],
      plan: value.plan === 'pro' ? 'pro' : 'basic',
    };
  } catch {
    return EMPTY;
  }
}

/** The upload page's choices with a setter that stores them. */
export function useUploadChoices() {
  const [choices, setChoices] = useState(() => readChoices(readSession(KEY)));
  const update = useCallback((patch: Partial<UploadChoices>) => {
    setChoices((current) => {
      const next = { ...current, ...patch };
      writeSession(KEY, JSON.stringify(next));
      return next;
    });
  }, []);
  const reset = useCallback(() => {
    writeSession(KEY, null);
    setChoices(EMPTY);
  }, []);
  return { choices, update, reset };
}
