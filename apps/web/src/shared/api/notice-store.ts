import { create } from 'zustand';

/** A short message for the visitor: `key` is an i18n key, `text` the English fallback. */
export interface Notice {
  id: number;
  key: string;
  text: string;
}

interface NoticeState {
  notices: Notice[];
  show: (key: string, text: string) => void;
  dismiss: (id: number) => void;
}

let nextId = 1;

/** Toast-like notices shown by the layout; the request layer pushes network failures here. */
export const useNoticeStore = create<NoticeState>((set) => ({
  notices: [],
  show: (key, text) =>
    set((state) => {
      // The same failure repeated by parallel requests shows once.
      if (state.notices.some((n) => n.key === key)) return state;
      return { notices: [...state.notices, { id: nextId++, key, text }] };
    }),
  dismiss: (id) => set((state) => ({ notices: state.notices.filter((n) => n.id !== id) })),
}));
