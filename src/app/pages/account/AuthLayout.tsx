/**
 * The frame of every account screen: cover background, logo and title (custom ones from the login setup replace
 * the defaults; without a setup, the custom look's images), an offline tag in the title when the identity service
 * looks offline.
 */
import { useEffect, type ReactNode } from 'react';
import { urlOf } from '../../../shared/contracts/endpoint';
import * as shell from '../../../shared/contracts/shell';
import { useAppSelector } from '../../../store/createStore';
import rampartLogo from '../../layout/rampart-logo.svg';
import { CustomImage } from '../../../widgets/CustomImage';
import './account.css';

export interface AuthLayoutProps {
  title: string;
  children: ReactNode;
  logo?: string | null;
  background?: string | null;
  offline?: boolean;
  /** Shown under the title. */
  subtitle?: ReactNode;
}

export function AuthLayout({
  title,
  children,
  logo: setupLogo,
  background: setupBackground,
  offline,
  subtitle,
}: AuthLayoutProps) {
  // Screens without a login setup (the identity flows) take the appliance's custom look from the style.
  const style = useAppSelector((s) => s.layout.style);
  const apiBase = useAppSelector((s) => s.config.apiBase);
  const logo =
    setupLogo ?? (style?.loginLogo ? urlOf(shell.getImage, { slot: 'login_logo' }, apiBase) : null);
  const background =
    setupBackground ??
    (style?.loginBackground ? urlOf(shell.getImage, { slot: 'login_background' }, apiBase) : null);
  useEffect(() => {
    document.title = `${title} · Rampart`;
  }, [title]);
  return (
    <main
      className="auth"
      style={background ? { backgroundImage: `url(${JSON.stringify(background)})` } : undefined}
    >
      <div className="auth__card">
        <header className="auth__header">
          {logo ? (
            <CustomImage className="auth__logo" src={logo} alt="" label="Login logo" height={40} />
          ) : (
            <img className="auth__logo" src={rampartLogo} alt="Rampart" height={40} />
          )}
          <h1 id="auth-title" className="auth__title">
            {title}
            {offline ? <span className="badge auth__offline">Offline</span> : null}
          </h1>
          {subtitle}
        </header>
        {children}
      </div>
    </main>
  );
}

/**
 * The custom login title of the layout settings (null when none): the identity login and the sign-up screens show
 * it as their heading instead of their own title, as the local login shows its setup's `login_title`.
 */
export function useLoginTitle(): string | null {
  return useAppSelector((s) => s.layout.style?.loginTitle ?? null);
}

/** A form error or prompt, announced to screen readers as it appears. */
export function FormAlert({
  id,
  message,
  tone = 'error',
}: {
  id: string;
  message: string | null | undefined;
  tone?: 'error' | 'info';
}) {
  return (
    <div
      id={id}
      className={`auth__alert auth__alert--${tone}`}
      role={tone === 'error' ? 'alert' : 'status'}
      aria-live={tone === 'error' ? 'assertive' : 'polite'}
    >
      {message ?? ''}
    </div>
  );
}
