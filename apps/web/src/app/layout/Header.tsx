import { useId, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { selectSignedIn, useAuthStore, SignOutButton } from '../../features/auth';
import { CreditsBadge } from '../../features/credits';
import { LanguageSwitcher, splitLanguageSegment } from '../../features/language';
import { useLangPath } from '../../shared/routing/use-lang-path';
import { HEADSHOTS_BASE, isHeadshotsPath } from '../../shared/routing/base-paths';
import styles from './Header.module.css';

/**
 * The shared header: brand, main navigation, language, credits and the account entry. On phones
 * it keeps one row (brand, credits, account, a menu button); the navigation, the language and
 * signing out open from the menu.
 */
export function Header() {
  const { t } = useTranslation();
  const langPath = useLangPath();
  const location = useLocation();
  const menuId = useId();
  const [menu, setMenu] = useState<{ open: boolean; at: string }>({ open: false, at: location.pathname });
  // Following a link of the menu (or Back) closes it.
  if (menu.open && menu.at !== location.pathname) setMenu({ open: false, at: location.pathname });
  const menuOpen = menu.open;
  const closeMenu = () => setMenu({ open: false, at: location.pathname });
  // Making a cover belongs to the covers tool, not to the list of the visitor's covers.
  const creating = /\/covers\/new\/?$/.test(location.pathname);
  // The headshot pages are their own product: the brand names it and leads to its start page.
  const headshots = isHeadshotsPath(splitLanguageSegment(location.pathname).rest);
  const navClass = ({ isActive }: { isActive: boolean }) =>
    isActive ? `${styles.navLink} ${styles.active}` : styles.navLink;
  const toolClass = ({ isActive }: { isActive: boolean }) => navClass({ isActive: isActive || creating });
  const myCoversClass = ({ isActive }: { isActive: boolean }) =>
    navClass({ isActive: isActive && !creating });

  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        {headshots ? (
          <Link
            to={langPath(HEADSHOTS_BASE)}
            className={styles.brand}
            aria-label={t('header.homeHeadshots')}
            data-testid="brand"
          >
            <span className={styles.logo} aria-hidden="true">
              ◐
            </span>
            <span className={styles.brandName}>{t('header.headshotsName')}</span>
          </Link>
        ) : (
          <Link to={langPath('/')} className={styles.brand} aria-label={t('header.home')} data-testid="brand">
            <span className={styles.logo} aria-hidden="true">
              ♪
            </span>
            <span className={styles.brandName}>{t('app.name')}</span>
          </Link>
        )}
        <div
          id={menuId}
          className={menuOpen ? `${styles.menu} ${styles.menuOpen}` : styles.menu}
          onKeyDown={(event) => event.key === 'Escape' && closeMenu()}
        >
          <nav className={styles.nav} aria-label={t('nav.main')}>
            <NavLink to={langPath('/')} end className={toolClass}>
              {t('nav.covers')}
            </NavLink>
            <NavLink to={langPath('/covers')} className={myCoversClass}>
              {t('nav.myCovers')}
            </NavLink>
            <NavLink to={langPath(HEADSHOTS_BASE)} className={navClass}>
              {t('nav.headshots')}
            </NavLink>
            <NavLink to={langPath('/pricing')} className={navClass}>
              {t('nav.pricing')}
            </NavLink>
          </nav>
          <div className={styles.language}>
            <LanguageSwitcher />
          </div>
          <MenuSignOut />
        </div>
        <div className={styles.actions}>
          <CreditsBadge />
          <AccountEntry />
          <button
            type="button"
            className={styles.menuButton}
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenu({ open: !menuOpen, at: location.pathname })}
          >
            <span aria-hidden="true">{menuOpen ? '✕' : '☰'}</span>
            <span className={styles.menuLabel}>{t('header.menu')}</span>
          </button>
        </div>
      </div>
    </header>
  );
}

/** Signing out sits beside the account link on wide screens and in the menu on phones. */
function MenuSignOut() {
  const signedIn = useAuthStore(selectSignedIn);
  return signedIn ? <SignOutButton className={`${styles.signIn} ${styles.signOut}`} /> : null;
}

function AccountEntry() {
  const { t } = useTranslation();
  const langPath = useLangPath();
  const navigate = useNavigate();
  const signedIn = useAuthStore(selectSignedIn);
  const openLogin = useAuthStore((s) => s.openLogin);

  // The build's prerender of a page (decision 240) knows no visitor: the entry comes with the app.
  if (import.meta.env.SSR) return null;
  if (signedIn) {
    return (
      <>
        <Link to={langPath('/account')} className={styles.accountLink}>
          {t('header.account')}
        </Link>
      </>
    );
  }
  // Until the sign-in feature registers its dialog, the account page explains what to do.
  const handleSignIn = () => (openLogin ? openLogin() : navigate(langPath('/account')));
  return (
    <button type="button" className={styles.signIn} onClick={handleSignIn}>
      {t('header.signIn')}
    </button>
  );
}
