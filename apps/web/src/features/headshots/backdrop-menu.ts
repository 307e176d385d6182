import type { HeadshotBackdrop } from '@ai-covers/contracts';

/** The §3 menu state of the backdrop menu. */
export interface BackdropMenuState {
  selectedId: string | null;
  /** The chosen backdrop's picture; null for one that is drawn only while the pack renders. */
  selectedUrl: string | null;
  /** 'default' while a listed backdrop (or none) is chosen, 'custom' for the visitor's own. */
  menuType: 'default' | 'custom';
  /** True once a backdrop replaces the original background: "recover the original" is offered. */
  canRecover: boolean;
  /** True while there is a before (the photo) and an after (the backdrop) to compare. */
  canCompare: boolean;
  /** The visitor's own backdrops, newest first (§3: a new local one goes to the front). */
  local: LocalBackdrop[];
}

/** The visitor's own backdrop: a picture from their device, so it always has a URL. */
export type LocalBackdrop = HeadshotBackdrop & { url: string };

export const initialBackdropMenu: BackdropMenuState = {
  selectedId: null,
  selectedUrl: null,
  menuType: 'default',
  canRecover: false,
  canCompare: false,
  local: [],
};

export type BackdropAction =
  | { type: 'select'; backdrop: HeadshotBackdrop; local: boolean }
  | { type: 'addLocal'; backdrop: LocalBackdrop }
  | { type: 'recover' };

/** The menu's transitions: choose, add your own (to the front, chosen), recover the original. */
export function backdropMenuReducer(state: BackdropMenuState, action: BackdropAction): BackdropMenuState {
  switch (action.type) {
    case 'select':
      return {
        ...state,
        selectedId: action.backdrop.id,
        selectedUrl: action.backdrop.url,
        menuType: action.local ? 'custom' : 'default',
        canRecover: true,
        canCompare: true,
      };
    case 'addLocal':
      return backdropMenuReducer(
        { ...state, local: [action.backdrop, ...state.local.filter((b) => b.id !== action.backdrop.id)] },
        { type: 'select', backdrop: action.backdrop, local: true },
      );
    case 'recover':
      return {
        ...state,
        selectedId: null,
        selectedUrl: null,
        menuType: 'default',
        canRecover: false,
        canCompare: false,
      };
  }
}

/** One tab of the menu; `name` null is 'All'. */
export interface BackdropMenuEntry {
  name: string | null;
  resources: HeadshotBackdrop[];
}

/**
 * The §3 menu: 'All' first (the visitor's own backdrops at its front, then every listed one once),
 * then each category by name with its resources.
 */
export function buildBackdropMenu(
  categories: readonly { name: string; resources: HeadshotBackdrop[] }[],
  local: readonly LocalBackdrop[],
): BackdropMenuEntry[] {
  const seen = new Set(local.map((b) => b.id));
  const all: HeadshotBackdrop[] = [...local];
  for (const category of categories) {
    for (const resource of category.resources) {
      if (seen.has(resource.id)) continue;
      seen.add(resource.id);
      all.push(resource);
    }
  }
  return [
    { name: null, resources: all },
    ...categories.map((c) => ({ name: c.name, resources: c.resources })),
  ];
}

/**
 * The approved photo the backdrop preview shows: the one its check found the most framings in
 * (the first of those), so the preview is never asked of a photo that gives no headshot (one that
 * cuts the head off gives none). A photo checked before capacities were kept (null) comes after
 * any that gives results; with no better one, the first approved photo.
 */
export function previewPhoto<T extends { capacity: number | null }>(approved: readonly T[]): T | null {
  let best: T | null = null;
  const rank = (p: T) => (p.capacity === null ? 0.5 : p.capacity);
  for (const p of approved) if (!best || rank(p) > rank(best)) best = p;
  return best;
}
