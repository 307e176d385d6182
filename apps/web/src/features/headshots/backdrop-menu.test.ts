import { describe, expect, it } from 'vitest';
import { backdropMenuReducer, buildBackdropMenu, initialBackdropMenu, previewPhoto } from './backdrop-menu';

const grey = { id: 'corporate-grey', name: 'Corporate grey', url: null };
const park = { id: 'park', name: 'Park', url: null };
const categories = [
  { name: 'Professional', resources: [grey] },
  { name: 'Outdoor', resources: [park, grey] },
];

describe('backdrop menu (§3)', () => {
  it("starts with 'All' (every resource once), then the categories by name", () => {
    const menu = buildBackdropMenu(categories, []);
    expect(menu.map((m) => m.name)).toEqual([null, 'Professional', 'Outdoor']);
    expect(menu[0]!.resources.map((r) => r.id)).toEqual(['corporate-grey', 'park']);
  });

  it('puts your own backdrop at the front and chooses it as a custom menu', () => {
    const own = { id: 'local-1', name: 'beach.jpg', url: 'blob:beach' };
    const state = backdropMenuReducer(initialBackdropMenu, { type: 'addLocal', backdrop: own });
    expect(buildBackdropMenu(categories, state.local)[0]!.resources[0]).toEqual(own);
    expect(state).toMatchObject({ selectedId: 'local-1', selectedUrl: 'blob:beach', menuType: 'custom' });
    expect(state.canCompare && state.canRecover).toBe(true);
  });

  it('a newer own backdrop goes in front of an older one', () => {
    let state = backdropMenuReducer(initialBackdropMenu, {
      type: 'addLocal',
      backdrop: { id: 'local-1', name: 'a', url: 'blob:a' },
    });
    state = backdropMenuReducer(state, {
      type: 'addLocal',
      backdrop: { id: 'local-2', name: 'b', url: 'blob:b' },
    });
    expect(state.local.map((b) => b.id)).toEqual(['local-2', 'local-1']);
  });

  it('recovering the original clears the choice and turns compare and recover off', () => {
    const chosen = backdropMenuReducer(initialBackdropMenu, { type: 'select', backdrop: park, local: false });
    expect(chosen).toMatchObject({ selectedId: 'park', menuType: 'default', canRecover: true });
    const back = backdropMenuReducer(chosen, { type: 'recover' });
    expect(back).toMatchObject({ selectedId: null, selectedUrl: null, canRecover: false, canCompare: false });
  });
});

describe('the photo the backdrop preview shows', () => {
  const photo = (id: string, capacity: number | null) => ({ id, capacity });
  it('is the approved photo that gives the most, never one that gives nothing while another gives some', () => {
    expect(previewPhoto([photo('cut-off', 0), photo('a', 6), photo('b', 9), photo('c', 9)])?.id).toBe('b');
    expect(previewPhoto([photo('cut-off', 0), photo('old', null)])?.id).toBe('old');
    expect(previewPhoto([photo('old', null), photo('a', 3)])?.id).toBe('a');
    expect(previewPhoto([photo('cut-off', 0)])?.id).toBe('cut-off');
    expect(previewPhoto([])).toBeNull();
  });
});
