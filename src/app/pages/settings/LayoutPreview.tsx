/**
 * A live preview of the custom look: the main bar (bar colour, bar logo, primary accent) and the login card (login
 * background, login logo, title, primary button), drawn from the form's current values before they are saved.
 */
import rampartLogo from '../../layout/rampart-logo.svg';
import { BAR_TEXT_COLOUR, primaryContrastColour, primaryHoverColour } from '../../../lib/colour';
import { barSections } from '../../layout/sections';

export interface LayoutPreviewProps {
  primaryColor: string;
  barColor: string;
  barLogo: string | null;
  loginLogo: string | null;
  loginBackground: string | null;
  /** The custom login title; null shows the default. */
  loginTitle?: string | null;
}

export function LayoutPreview({
  primaryColor,
  barColor,
  barLogo,
  loginLogo,
  loginBackground,
  loginTitle = null,
}: LayoutPreviewProps) {
  const hover = primaryHoverColour(primaryColor) ?? primaryColor;
  const text = primaryContrastColour(primaryColor) ?? undefined;
  return (
    <figure className="layout-preview" aria-labelledby="layout-preview-caption">
      <figcaption id="layout-preview-caption">Preview</figcaption>
      <div className="layout-preview__bar" data-testid="preview-bar" style={{ background: barColor }}>
        <img src={barLogo ?? rampartLogo} alt="" width={20} height={20} />
        <span className="layout-preview__name" style={{ color: BAR_TEXT_COLOUR }}>
          Rampart
        </span>
        {/* The bar's own section labels, so the preview names what the bar shows. */}
        {barSections.map((s, i) => (
          <span
            key={s.id}
            className="layout-preview__section"
            style={{
              color: BAR_TEXT_COLOUR,
              ...(i === 0 ? { boxShadow: `inset 0 -2px 0 ${primaryColor}` } : {}),
            }}
          >
            {s.label}
          </span>
        ))}
      </div>
      <div
        className="layout-preview__login"
        data-testid="preview-login"
        style={loginBackground ? { backgroundImage: `url(${JSON.stringify(loginBackground)})` } : undefined}
      >
        <div className="layout-preview__card">
          <img src={loginLogo ?? rampartLogo} alt="" height={28} />
          <strong>{loginTitle ?? 'Log in'}</strong>
          <span className="layout-preview__input" aria-hidden="true" />
          <span
            className="layout-preview__button"
            data-testid="preview-button"
            style={{ background: primaryColor, borderColor: hover, color: text }}
          >
            Log in
          </span>
          <span className="layout-preview__hover">
            Hover <span className="layout-preview__swatch" style={{ background: hover }} /> {hover}
          </span>
        </div>
      </div>
    </figure>
  );
}
