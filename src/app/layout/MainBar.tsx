/**
 * The main bar (spec §2): sections core, shop and help with the current one marked, or a panel label badge when a
 * panel flag is set; the menu toggle, the theme button and the account menu: the profile image is a menu button
 * (your account, password and two-factor, sessions, theme, sign out), never a sign-out of its own. Its links are plain anchors served by
 * one set of delegated handlers (in-app navigation, chunk preload), like the context bar's: a router `Link` each
 * was a tenth of a signed-in server render.
 */
import { useLocation } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../store/createStore';
import { contextBarToggled, themeChosen, type ThemePreference } from '../../store/slices/layout.slice';
import { useDelegatedLinks } from './useDelegatedLinks';
import { barSections, currentSection, panelLabel } from './sections';
import { THEME_COOKIE } from '../../shared/http';
import { writeCookie } from '../../lib/storage';
import defaultProfileImage from './default-profile.svg';
import defaultBarLogo from './rampart-logo.svg';
import { CustomImage } from '../../widgets/CustomImage';
import { urlOf } from '../../shared/contracts/endpoint';
import * as shell from '../../shared/contracts/shell';
import { MenuButton, type MenuButtonEntry } from '../../widgets/MenuButton';
import { MoonIcon, SunIcon, SystemThemeIcon } from '../../widgets/icons';
import { NotificationBell } from '../../notifications/NotificationBell';

export interface MainBarProps {
  /** Show the profile image button. */
  profileImage?: string | null;
  showProfile?: boolean;
}

const THEME_LABELS: Record<ThemePreference, string> = {
  system: 'Same as the system',
  light: 'Light',
  dark: 'Dark',
};

/** The theme cookie the server renders the next page with. */
function rememberTheme(theme: ThemePreference) {
  writeCookie(THEME_COOKIE, theme, 31_536_000);
}

const themeCycle: Record<ThemePreference, ThemePreference> = {
  system: 'dark',
  dark: 'light',
  light: 'system',
};

export function MainBar({ profileImage, showProfile = true }: MainBarProps) {
  const { pathname } = useLocation();
  const dispatch = useAppDispatch();
  const panels = useAppSelector((s) => s.config.panels);
  const apiBase = useAppSelector((s) => s.config.apiBase);
  // Until the browser has said how wide it is (null), the menu is open on a wide screen only: the server's answer.
  const contextBarOpen = useAppSelector((s) => s.layout.contextBarOpen) ?? true;
  const theme = useAppSelector((s) => s.layout.theme);
  const user = useAppSelector((s) => s.session.user);
  const loggedIn = useAppSelector((s) => s.session.loggedIn);
  const customBarLogo = useAppSelector((s) => s.layout.style?.barLogo === true);
  const current = currentSection(pathname);
  const badge = panelLabel(panels);
  const links = useDelegatedLinks();

  const setTheme = (next: ThemePreference) => {
    dispatch(themeChosen(next));
    rememberTheme(next);
  };
  const chooseTheme = () => setTheme(themeCycle[theme]);
  const accountEntries: MenuButtonEntry[] = [
    { kind: 'link', id: 'account', label: 'Your account', href: '/profile' },
    { kind: 'link', id: 'security', label: 'Password and two-factor', href: '/profile#security' },
    { kind: 'link', id: 'sessions', label: 'Sessions', href: '/profile#sessions' },
    { kind: 'separator', id: 'sep-theme' },
    {
      kind: 'group',
      id: 'theme',
      label: 'Theme',
      entries: (['system', 'light', 'dark'] as const).map((t) => ({
        kind: 'radio' as const,
        id: `theme-${t}`,
        label: THEME_LABELS[t],
        checked: theme === t,
        onSelect: () => setTheme(t),
      })),
    },
    { kind: 'separator', id: 'sep-out' },
    { kind: 'link', id: 'sign-out', label: 'Sign out', href: '/logout/' },
  ];

  return (
    <header className="main-bar" role="banner" {...links}>
      <button
        type="button"
        className="main-bar__toggle icon-button"
        aria-label={contextBarOpen ? 'Hide menu' : 'Show menu'}
        aria-expanded={contextBarOpen}
        aria-controls="context-bar"
        onClick={() => dispatch(contextBarToggled())}
      >
        <span aria-hidden="true" className="hamburger" />
      </button>
      <a href="/" className="main-bar__brand" aria-label="Rampart home">
        {customBarLogo ? (
          <CustomImage
            src={urlOf(shell.getImage, { slot: 'bar_logo' }, apiBase)}
            alt=""
            label="Bar logo"
            width={28}
            height={28}
          />
        ) : (
          <img src={defaultBarLogo} alt="" width={28} height={28} />
        )}
        <span className="main-bar__name">Rampart</span>
      </a>
      {badge ? (
        <span className="main-bar__panel badge" data-testid="panel-badge">
          {badge}
        </span>
      ) : (
        <nav aria-label="Sections" className="main-bar__sections">
          <ul>
            {barSections.map((s) => (
              <li key={s.id}>
                <a
                  href={s.path}
                  aria-current={current === s.id ? 'page' : undefined}
                  className="main-bar__section"
                >
                  {s.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <div className="main-bar__end">
        {loggedIn && user?.role === 'admin' ? <NotificationBell /> : null}
        <button
          type="button"
          className="icon-button main-bar__theme"
          onClick={chooseTheme}
          aria-label={`Colour theme: ${theme}. Change theme`}
        >
          {theme === 'dark' ? <MoonIcon /> : theme === 'light' ? <SunIcon /> : <SystemThemeIcon />}
        </button>
        {showProfile &&
          (loggedIn ? (
            <MenuButton
              className="main-bar__account"
              buttonClassName="main-bar__profile"
              label={user ? `Account menu (signed in as ${user.username})` : 'Account menu'}
              menuLabel="Account"
              header={
                user ? (
                  <>
                    Signed in as <strong>{user.username}</strong>
                  </>
                ) : undefined
              }
              entries={accountEntries}
            >
              <img src={profileImage || defaultProfileImage} alt="" width={32} height={32} />
            </MenuButton>
          ) : (
            <a href="/account/login" className="main-bar__login">
              Log in
            </a>
          ))}
      </div>
    </header>
  );
}
