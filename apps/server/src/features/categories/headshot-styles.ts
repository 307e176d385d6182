import type { CategorySeed } from './categories.service';

/** Headshot styles, grouped as the style picker shows them; names in every language with copy. */
export const HEADSHOT_STYLE_CATEGORIES: CategorySeed[] = [
  {
    id: 'professional',
    names: { en: 'Professional', de: 'Beruflich', es: 'Profesional', fr: 'Professionnel', id: 'Profesional', it: 'Professionale', pt: 'Profissional', ko: '비즈니스', ja: 'ビジネス' },
    items: [
      {
        id: 'corporate-grey',
        names: { en: 'Corporate grey', de: 'Business-Grau', es: 'Gris corporativo', fr: 'Gris entreprise', id: 'Abu-abu korporat', it: 'Grigio aziendale', pt: 'Cinza corporativo', ko: '코퍼레이트 그레이', ja: 'コーポレートグレー' },
        extra: { backdrop: '#8a9099', light: 'soft-key', grade: 'neutral' },
      },
      {
        id: 'office-bokeh',
        names: { en: 'Office bokeh', de: 'Büro mit Unschärfe', es: 'Oficina desenfocada', fr: 'Bureau flouté', id: 'Kantor bokeh', it: 'Ufficio sfocato', pt: 'Escritório desfocado', ko: '오피스 보케', ja: 'オフィスぼかし' },
        extra: { backdrop: 'office-blur', light: 'window', grade: 'warm' },
      },
      {
        id: 'navy-studio',
        names: { en: 'Navy studio', de: 'Marineblaues Studio', es: 'Estudio azul marino', fr: 'Studio bleu marine', id: 'Studio biru dongker', it: 'Studio blu navy', pt: 'Estúdio azul-marinho', ko: '네이비 스튜디오', ja: 'ネイビースタジオ' },
        extra: { backdrop: '#1f2a44', light: 'rembrandt', grade: 'cool' },
      },
    ],
  },
  {
    id: 'casual',
    names: { en: 'Casual', de: 'Locker', es: 'Informal', fr: 'Décontracté', id: 'Santai', it: 'Informale', pt: 'Casual', ko: '캐주얼', ja: 'カジュアル' },
    items: [
      {
        id: 'outdoor-park',
        names: { en: 'Outdoor park', de: 'Im Park', es: 'Parque al aire libre', fr: 'Parc en plein air', id: 'Taman terbuka', it: 'Parco all’aperto', pt: 'Parque ao ar livre', ko: '야외 공원', ja: '屋外の公園' },
        extra: { backdrop: 'park-blur', light: 'golden-hour', grade: 'warm' },
      },
      {
        id: 'cafe-light',
        names: { en: 'Café light', de: 'Café-Licht', es: 'Luz de cafetería', fr: 'Lumière de café', id: 'Cahaya kafe', it: 'Luce da caffè', pt: 'Luz de café', ko: '카페 조명', ja: 'カフェの光' },
        extra: { backdrop: 'cafe-blur', light: 'window', grade: 'soft' },
      },
    ],
  },
  {
    id: 'creative',
    names: { en: 'Creative', de: 'Kreativ', es: 'Creativo', fr: 'Créatif', id: 'Kreatif', it: 'Creativo', pt: 'Criativo', ko: '크리에이티브', ja: 'クリエイティブ' },
    items: [
      {
        id: 'mono-classic',
        names: { en: 'Classic black and white', de: 'Klassisch Schwarz-Weiß', es: 'Blanco y negro clásico', fr: 'Noir et blanc classique', id: 'Hitam putih klasik', it: 'Bianco e nero classico', pt: 'Preto e branco clássico', ko: '클래식 흑백', ja: 'クラシックモノクロ' },
        extra: { backdrop: '#202020', light: 'split', grade: 'mono' },
      },
      {
        id: 'color-pop',
        names: { en: 'Colour pop', de: 'Farbakzent', es: 'Color vivo', fr: 'Couleur vive', id: 'Warna cerah', it: 'Colore acceso', pt: 'Cor vibrante', ko: '컬러 팝', ja: 'カラーポップ' },
        extra: { backdrop: '#f2c14e', light: 'butterfly', grade: 'vivid' },
      },
    ],
  },
];
