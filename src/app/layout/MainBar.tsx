/**
 * The main bar (spec §2): sections core, shop and help with the current one marked, or a panel label badge when a
 * panel flag is set; the optional profile image button and the menu toggle. Its links are plain anchors served by
 * one set of delegated handlers (in-app navigation, chunk preload), like the context bar's: a router `Link` each
 * was a tenth of a signed-in server render.
 */
import { useLocation } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../store/createStore';
import { contextBarToggled, themeChosen, type ThemePreference } from '../../store/slices/layout.slice';
import { useDelegatedLinks } from './useDelegatedLinks';
import { currentSection, panelLabel, sections } from './sections';
import { THEME_COOKIE } from '../../shared/http';
import defaultProfileImage from './default-profile.svg';
import defaultBarLogo from './rampart-logo.svg';
import { CustomImage } from '../../widgets/CustomImage';
import { apiUrl } from '../../api/client';

export interface MainBarProps {
  /** Show the profile image button. */
  profileImage?: string | null;
  showProfile?: boolean;
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
  const contextBarOpen = useAppSelector((s) => s.layout.contextBarOpen);
  const theme = useAppSelector((s) => s.layout.theme);
  const user = useAppSelector((s) => s.session.user);
  const customBarLogo = useAppSelector((s) => s.layout.style?.barLogo === true);
  const current = currentSection(pathname);
  const badge = panelLabel(panels);
  const links = useDelegatedLinks();

  const chooseTheme = () => {
    const next = themeCycle[theme];
    dispatch(themeChosen(next));
    document.cookie = `${THEME_COOKIE}=${next}; Path=/; Max-Age=31536000; SameSite=Lax`;
  };

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
            src={apiUrl(apiBase, 'config/bar_logo')}
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
            {sections.map((s) => (
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
        <button
          type="button"
          className="icon-button main-bar__theme"
          onClick={chooseTheme}
          aria-label={`Colour theme: ${theme}. Change theme`}
        >
          <span aria-hidden="true">{theme === 'dark' ? '☾' : theme === 'light' ? '☀' : '◐'}</span>
        </button>
        {showProfile && user && (
          <a href="/profile" className="main-bar__account">
            Your account
          </a>
        )}
        {showProfile && (
          <a
            href="/logout/"
            className="main-bar__profile"
            aria-label={user ? `Signed in as ${user.username}. Log out` : 'Account'}
          >
            <img src={profileImage || defaultProfileImage} alt="" width={32} height={32} />
          </a>
        )}
      </div>
    </header>
  );
}
