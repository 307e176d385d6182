import { languageOfPathSegment, languageTags, negotiateLanguage } from '@ai-covers/contracts';

/** Copy of the server-rendered sandbox checkout page, in every copy language (§9). */
type Sku =
  | 'credits-100'
  | 'credits-500'
  | 'credits-2000'
  | 'member-weekly'
  | 'member-monthly'
  | 'member-yearly'
  | 'headshots-basic'
  | 'headshots-pro';

interface SandboxCopy {
  badge: string;
  title: string;
  lead: string;
  pay: string;
  decline: string;
  order: string;
  status: string;
  back: string;
  statuses: Record<'pending' | 'paid' | 'canceled' | 'refunded', string>;
  skus: Record<Sku, string>;
}

export const SANDBOX_COPY: Record<'en' | 'de' | 'es' | 'fr' | 'id' | 'it' | 'pt' | 'ko' | 'ja', SandboxCopy> =
  {
    en: {
      badge: 'Sandbox',
      title: 'Sandbox checkout',
      lead: 'Test payment: no card is charged. Confirm to complete the order as if paid.',
      pay: 'Pay {price}',
      decline: 'Decline',
      order: 'Order #{id}',
      status: 'This order is {status}.',
      back: 'Back to AI Covers',
      statuses: { pending: 'pending', paid: 'paid', canceled: 'cancelled', refunded: 'refunded' },
      skus: {
        'credits-100': '100 credits',
        'credits-500': '500 credits',
        'credits-2000': '2000 credits',
        'member-weekly': 'Weekly premium',
        'member-monthly': 'Monthly premium',
        'member-yearly': 'Yearly premium',
        'headshots-basic': 'Basic: 50 photos',
        'headshots-pro': 'Pro: 100 photos',
      },
    },
    de: {
      badge: 'Testumgebung',
      title: 'Test-Kasse',
      lead: 'Testzahlung: Es wird keine Karte belastet. Bestätige, um die Bestellung wie bezahlt abzuschließen.',
      pay: '{price} bezahlen',
      decline: 'Ablehnen',
      order: 'Bestellung Nr. {id}',
      status: 'Diese Bestellung ist {status}.',
      back: 'Zurück zu AI Covers',
      statuses: { pending: 'ausstehend', paid: 'bezahlt', canceled: 'abgebrochen', refunded: 'erstattet' },
      skus: {
        'credits-100': '100 Credits',
        'credits-500': '500 Credits',
        'credits-2000': '2000 Credits',
        'member-weekly': 'Premium wöchentlich',
        'member-monthly': 'Premium monatlich',
        'member-yearly': 'Premium jährlich',
        'headshots-basic': 'Basis: 50 Fotos',
        'headshots-pro': 'Pro: 100 Fotos',
      },
    },
    es: {
      badge: 'Entorno de pruebas',
      title: 'Pago de prueba',
      lead: 'Pago de prueba: no se cobra ninguna tarjeta. Confirma para completar el pedido como si estuviera pagado.',
      pay: 'Pagar {price}',
      decline: 'Rechazar',
      order: 'Pedido n.º {id}',
      status: 'Este pedido está {status}.',
      back: 'Volver a AI Covers',
      statuses: { pending: 'pendiente', paid: 'pagado', canceled: 'cancelado', refunded: 'reembolsado' },
      skus: {
        'credits-100': '100 créditos',
        'credits-500': '500 créditos',
        'credits-2000': '2000 créditos',
        'member-weekly': 'Premium semanal',
        'member-monthly': 'Premium mensual',
        'member-yearly': 'Premium anual',
        'headshots-basic': 'Básico: 50 fotos',
        'headshots-pro': 'Pro: 100 fotos',
      },
    },
    fr: {
      badge: 'Bac à sable',
      title: 'Paiement de test',
      lead: 'Paiement de test : aucune carte n’est débitée. Confirmez pour finaliser la commande comme si elle était payée.',
      pay: 'Payer {price}',
      decline: 'Refuser',
      order: 'Commande n° {id}',
      status: 'Cette commande est {status}.',
      back: 'Retour à AI Covers',
      statuses: { pending: 'en attente', paid: 'payée', canceled: 'annulée', refunded: 'remboursée' },
      skus: {
        'credits-100': '100 crédits',
        'credits-500': '500 crédits',
        'credits-2000': '2000 crédits',
        'member-weekly': 'Premium hebdomadaire',
        'member-monthly': 'Premium mensuel',
        'member-yearly': 'Premium annuel',
        'headshots-basic': 'Basique : 50 photos',
        'headshots-pro': 'Pro : 100 photos',
      },
    },
    id: {
      badge: 'Uji coba',
      title: 'Pembayaran uji coba',
      lead: 'Pembayaran uji coba: tidak ada kartu yang ditagih. Konfirmasi untuk menyelesaikan pesanan seolah sudah dibayar.',
      pay: 'Bayar {price}',
      decline: 'Tolak',
      order: 'Pesanan #{id}',
      status: 'Pesanan ini {status}.',
      back: 'Kembali ke AI Covers',
      statuses: { pending: 'menunggu', paid: 'dibayar', canceled: 'dibatalkan', refunded: 'dikembalikan' },
      skus: {
        'credits-100': '100 kredit',
        'credits-500': '500 kredit',
        'credits-2000': '2000 kredit',
        'member-weekly': 'Premium mingguan',
        'member-monthly': 'Premium bulanan',
        'member-yearly': 'Premium tahunan',
        'headshots-basic': 'Dasar: 50 foto',
        'headshots-pro': 'Pro: 100 foto',
      },
    },
    it: {
      badge: 'Ambiente di prova',
      title: 'Pagamento di prova',
      lead: 'Pagamento di prova: nessuna carta viene addebitata. Conferma per completare l’ordine come se fosse pagato.',
      pay: 'Paga {price}',
      decline: 'Rifiuta',
      order: 'Ordine n. {id}',
      status: 'Questo ordine è {status}.',
      back: 'Torna ad AI Covers',
      statuses: { pending: 'in attesa', paid: 'pagato', canceled: 'annullato', refunded: 'rimborsato' },
      skus: {
        'credits-100': '100 crediti',
        'credits-500': '500 crediti',
        'credits-2000': '2000 crediti',
        'member-weekly': 'Premium settimanale',
        'member-monthly': 'Premium mensile',
        'member-yearly': 'Premium annuale',
        'headshots-basic': 'Base: 50 foto',
        'headshots-pro': 'Pro: 100 foto',
      },
    },
    pt: {
      badge: 'Ambiente de teste',
      title: 'Pagamento de teste',
      lead: 'Pagamento de teste: nenhum cartão é cobrado. Confirme para concluir o pedido como se estivesse pago.',
      pay: 'Pagar {price}',
      decline: 'Recusar',
      order: 'Pedido nº {id}',
      status: 'Este pedido está {status}.',
      back: 'Voltar ao AI Covers',
      statuses: { pending: 'pendente', paid: 'pago', canceled: 'cancelado', refunded: 'reembolsado' },
      skus: {
        'credits-100': '100 créditos',
        'credits-500': '500 créditos',
        'credits-2000': '2000 créditos',
        'member-weekly': 'Premium semanal',
        'member-monthly': 'Premium mensal',
        'member-yearly': 'Premium anual',
        'headshots-basic': 'Básico: 50 fotos',
        'headshots-pro': 'Pro: 100 fotos',
      },
    },
    ko: {
      badge: '샌드박스',
      title: '테스트 결제',
      lead: '테스트 결제: 카드에 청구되지 않습니다. 확인하면 결제된 것처럼 주문이 완료됩니다.',
      pay: '{price} 결제',
      decline: '거절',
      order: '주문 번호 {id}',
      status: '이 주문은 {status} 상태입니다.',
      back: 'AI Covers로 돌아가기',
      statuses: { pending: '대기 중', paid: '결제 완료', canceled: '취소됨', refunded: '환불됨' },
      skus: {
        'credits-100': '100 크레딧',
        'credits-500': '500 크레딧',
        'credits-2000': '2000 크레딧',
        'member-weekly': '주간 프리미엄',
        'member-monthly': '월간 프리미엄',
        'member-yearly': '연간 프리미엄',
        'headshots-basic': '베이직: 사진 50장',
        'headshots-pro': '프로: 사진 100장',
      },
    },
    ja: {
      badge: 'サンドボックス',
      title: 'テスト決済',
      lead: 'テスト決済：カードには請求されません。確定すると、支払い済みとして注文が完了します。',
      pay: '{price} を支払う',
      decline: '辞退する',
      order: '注文番号 {id}',
      status: 'この注文は{status}です。',
      back: 'AI Covers に戻る',
      statuses: { pending: '保留中', paid: '支払い済み', canceled: 'キャンセル済み', refunded: '返金済み' },
      skus: {
        'credits-100': '100 クレジット',
        'credits-500': '500 クレジット',
        'credits-2000': '2000 クレジット',
        'member-weekly': '週間プレミアム',
        'member-monthly': '月間プレミアム',
        'member-yearly': '年間プレミアム',
        'headshots-basic': 'ベーシック：50枚',
        'headshots-pro': 'プロ：100枚',
      },
    },
  };
export type SandboxLang = keyof typeof SANDBOX_COPY;

/**
 * The page language: the language segment of the order's return path (the page the buyer came
 * from), else the Accept-Language tags, by the §5 rule (first supported wins; pt-BR → pt).
 */
export function sandboxLang(returnPath: string, acceptLanguage: string | undefined): SandboxLang {
  const segment = returnPath.split(/[/?]/)[1];
  return negotiateLanguage([languageOfPathSegment(segment), ...languageTags(acceptLanguage)]);
}

export function skuName(lang: SandboxLang, sku: string): string {
  return (SANDBOX_COPY[lang].skus as Record<string, string>)[sku] ?? sku;
}
