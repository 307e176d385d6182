import { languageTags, negotiateLanguage } from '@ai-covers/contracts';

/** Copy of the server-rendered promotion page, in every copy language (§9). */
export const PROMOTION_COPY = {
  en: {
    title: 'Your login present',
    lead: 'Sign in to AI Covers and get {n} free credits, once per account.',
    signIn: 'Sign in to claim',
    checking: 'Checking your present…',
    granted: 'Done: {n} credits were added to your account.',
    claimed: 'You have already claimed this present.',
    failed: 'The present could not be claimed. Please try again later.',
    back: 'Open AI Covers',
  },
  de: {
    title: 'Dein Login-Geschenk',
    lead: 'Melde dich bei AI Covers an und erhalte einmalig {n} kostenlose Credits pro Konto.',
    signIn: 'Anmelden und abholen',
    checking: 'Dein Geschenk wird geprüft…',
    granted: 'Fertig: {n} Credits wurden deinem Konto gutgeschrieben.',
    claimed: 'Du hast dieses Geschenk bereits abgeholt.',
    failed: 'Das Geschenk konnte nicht abgeholt werden. Bitte versuche es später erneut.',
    back: 'AI Covers öffnen',
  },
  es: {
    title: 'Tu regalo de inicio de sesión',
    lead: 'Inicia sesión en AI Covers y recibe {n} créditos gratis, una vez por cuenta.',
    signIn: 'Inicia sesión para reclamarlo',
    checking: 'Comprobando tu regalo…',
    granted: 'Listo: se añadieron {n} créditos a tu cuenta.',
    claimed: 'Ya has reclamado este regalo.',
    failed: 'No se pudo reclamar el regalo. Inténtalo más tarde.',
    back: 'Abrir AI Covers',
  },
  fr: {
    title: 'Votre cadeau de connexion',
    lead: 'Connectez-vous à AI Covers et recevez {n} crédits gratuits, une fois par compte.',
    signIn: 'Se connecter pour le récupérer',
    checking: 'Vérification de votre cadeau…',
    granted: 'C’est fait : {n} crédits ont été ajoutés à votre compte.',
    claimed: 'Vous avez déjà récupéré ce cadeau.',
    failed: 'Le cadeau n’a pas pu être récupéré. Réessayez plus tard.',
    back: 'Ouvrir AI Covers',
  },
  id: {
    title: 'Hadiah login Anda',
    lead: 'Masuk ke AI Covers dan dapatkan {n} kredit gratis, sekali per akun.',
    signIn: 'Masuk untuk klaim',
    checking: 'Memeriksa hadiah Anda…',
    granted: 'Selesai: {n} kredit telah ditambahkan ke akun Anda.',
    claimed: 'Anda sudah mengklaim hadiah ini.',
    failed: 'Hadiah tidak dapat diklaim. Silakan coba lagi nanti.',
    back: 'Buka AI Covers',
  },
  it: {
    title: 'Il tuo regalo di accesso',
    lead: 'Accedi ad AI Covers e ricevi {n} crediti gratuiti, una volta per account.',
    signIn: 'Accedi per riscattarlo',
    checking: 'Verifica del regalo in corso…',
    granted: 'Fatto: {n} crediti sono stati aggiunti al tuo account.',
    claimed: 'Hai già riscattato questo regalo.',
    failed: 'Impossibile riscattare il regalo. Riprova più tardi.',
    back: 'Apri AI Covers',
  },
  pt: {
    title: 'Seu presente de login',
    lead: 'Entre no AI Covers e ganhe {n} créditos grátis, uma vez por conta.',
    signIn: 'Entrar para resgatar',
    checking: 'Verificando seu presente…',
    granted: 'Pronto: {n} créditos foram adicionados à sua conta.',
    claimed: 'Você já resgatou este presente.',
    failed: 'Não foi possível resgatar o presente. Tente novamente mais tarde.',
    back: 'Abrir o AI Covers',
  },
  ko: {
    title: '로그인 선물',
    lead: 'AI Covers에 로그인하고 계정당 한 번 무료 크레딧 {n}개를 받으세요.',
    signIn: '로그인하고 받기',
    checking: '선물을 확인하는 중…',
    granted: '완료: 크레딧 {n}개가 계정에 추가되었습니다.',
    claimed: '이미 이 선물을 받았습니다.',
    failed: '선물을 받을 수 없습니다. 나중에 다시 시도해 주세요.',
    back: 'AI Covers 열기',
  },
  ja: {
    title: 'ログインプレゼント',
    lead: 'AI Covers にログインすると、1アカウントにつき1回、無料クレジットを {n} 個プレゼント。',
    signIn: 'ログインして受け取る',
    checking: 'プレゼントを確認しています…',
    granted: '完了：{n} クレジットがアカウントに追加されました。',
    claimed: 'このプレゼントは受け取り済みです。',
    failed: 'プレゼントを受け取れませんでした。後でもう一度お試しください。',
    back: 'AI Covers を開く',
  },
} as const;
export type PromotionLang = keyof typeof PROMOTION_COPY;

/** The page language: ?lang=, else the Accept-Language tags, by the §5 rule (first supported wins). */
export function promotionLang(query: string | undefined, acceptLanguage: string | undefined): PromotionLang {
  return negotiateLanguage([query, ...languageTags(acceptLanguage)]);
}
