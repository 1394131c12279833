/**
 * The page header (spec §2): title with an optional badge (green, gold, orange, red; grey by default), subtitle with
 * a back link, primary, secondary and settings buttons, two filter buttons, a status notice, an action description,
 * a select, a search input, and filter tabs showing "name (count)". Filter tabs are a tablist: arrow keys, Home and
 * End move and select (selection follows focus).
 */
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import './PageHeader.css';
import { ArrowLeftIcon, SettingsIcon } from '../icons';

export type BadgeColor = 'green' | 'gold' | 'orange' | 'red' | 'grey';

export interface HeaderButton {
  label: string;
  onClick: () => void;
  icon?: ReactNode;
  disabled?: boolean;
}

/** A toggle-like button (e.g. "Customize columns"); `pressed` marks it as on, `count` shows active filters. */
export interface HeaderFilterButton extends HeaderButton {
  pressed?: boolean;
  count?: number;
}

export interface FilterTab {
  id: string;
  name: string;
  count?: number;
}

export interface SelectOption {
  name: string;
  value: string;
}

export type NoticeLevel = 'info' | 'success' | 'warning' | 'error';

export interface PageHeaderProps {
  title: string;
  badge?: { label: string; color?: BadgeColor };
  subtitle?: string;
  backLink?: { to: string; label?: string };
  primaryButton?: HeaderButton;
  secondaryButton?: HeaderButton;
  settingsButton?: HeaderButton;
  /** The help button: a link to the built-in help page of this area (`/help#area`). */
  help?: { to: string; label?: string };
  /** A "History" link: the area's saved changes (`/system/history?area=…`). */
  history?: string;
  /** At most two filter buttons (spec §2). */
  filterButtons?: readonly [HeaderFilterButton] | readonly [HeaderFilterButton, HeaderFilterButton];
  /**
   * The page's state in a sentence ("Revoked 3 May 2026 (Key compromise)."), coloured by its level. It says a
   * state, not an error of the page: no "Error:" or "Warning:" is put before it, the text must stand alone.
   */
  statusNotice?: { text: string; level?: NoticeLevel };
  actionDescription?: string;
  select?: {
    label: string;
    options: readonly SelectOption[];
    value: string;
    onChange: (value: string) => void;
  };
  search?: { label: string; value: string; onChange: (value: string) => void; placeholder?: string };
  tabs?: {
    label?: string;
    items: readonly FilterTab[];
    activeId: string;
    onChange: (id: string) => void;
    panelId?: string;
  };
}

/** "name (count)" when a count is given (spec §2 filter tabs). */
export function tabLabel(tab: FilterTab): string {
  return tab.count === undefined ? tab.name : `${tab.name} (${tab.count})`;
}

export function PageHeader(props: PageHeaderProps) {
  const {
    title,
    badge,
    subtitle,
    backLink,
    primaryButton,
    secondaryButton,
    settingsButton,
    help,
    history,
    filterButtons,
    statusNotice,
    actionDescription,
    select,
    search,
    tabs,
  } = props;
  const ids = { select: useId(), search: useId(), description: useId() };
  const hasTools = Boolean(select || search || filterButtons?.length);

  return (
    <header className="page-header">
      <div className="page-header__top">
        <div className="page-header__titles">
          {subtitle || backLink ? (
            <p className="page-header__subtitle">
              {backLink ? (
                <Link className="page-header__back" to={backLink.to}>
                  <ArrowLeftIcon /> {backLink.label ?? 'Back'}
                </Link>
              ) : null}
              {subtitle ? <span>{subtitle}</span> : null}
            </p>
          ) : null}
          <h1 className="page-header__title">
            {title}
            {badge ? (
              <span className={`page-header__badge page-header__badge--${badge.color ?? 'grey'}`}>
                {badge.label}
              </span>
            ) : null}
          </h1>
          {actionDescription ? (
            <p id={ids.description} className="page-header__description">
              {actionDescription}
            </p>
          ) : null}
        </div>
        <div className="page-header__actions">
          {help ? (
            <Link
              className="icon-button page-header__help"
              to={help.to}
              aria-label={help.label ?? `Help: ${title}`}
              title={help.label ?? 'Help'}
            >
              <span aria-hidden="true">?</span>
            </Link>
          ) : null}
          {settingsButton ? (
            <button
              type="button"
              className="icon-button page-header__settings"
              aria-label={settingsButton.label}
              title={settingsButton.label}
              disabled={settingsButton.disabled}
              onClick={settingsButton.onClick}
            >
              <span aria-hidden="true">{settingsButton.icon ?? <SettingsIcon />}</span>
            </button>
          ) : null}
          {history ? (
            <Link className="button page-header__history" to={history}>
              History
            </Link>
          ) : null}
          {secondaryButton ? <ActionButton button={secondaryButton} /> : null}
          {primaryButton ? (
            <ActionButton
              button={primaryButton}
              primary
              describedBy={actionDescription ? ids.description : undefined}
            />
          ) : null}
        </div>
      </div>

      {statusNotice ? (
        <div
          className={`page-header__notice page-header__notice--${statusNotice.level ?? 'info'}`}
          role="status"
        >
          {statusNotice.text}
        </div>
      ) : null}

      {hasTools ? (
        <div className="page-header__tools">
          {search ? (
            <input
              id={ids.search}
              type="search"
              className="page-header__search"
              aria-label={search.label}
              placeholder={search.placeholder ?? 'Search'}
              value={search.value}
              onChange={(e) => search.onChange(e.target.value)}
            />
          ) : null}
          {select ? (
            <span className="page-header__select">
              <label htmlFor={ids.select}>{select.label}</label>
              <select id={ids.select} value={select.value} onChange={(e) => select.onChange(e.target.value)}>
                {select.options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.name}
                  </option>
                ))}
              </select>
            </span>
          ) : null}
          {filterButtons?.map((b) => (
            <button
              key={b.label}
              type="button"
              className="button page-header__filter"
              aria-pressed={b.pressed === undefined ? undefined : b.pressed}
              disabled={b.disabled}
              onClick={b.onClick}
            >
              {b.icon ? <span aria-hidden="true">{b.icon}</span> : null}
              {b.label}
              {b.count ? <span className="page-header__count"> ({b.count})</span> : null}
            </button>
          ))}
        </div>
      ) : null}

      {tabs && tabs.items.length > 0 ? <FilterTabs {...tabs} /> : null}
    </header>
  );
}

function ActionButton({
  button,
  primary,
  describedBy,
}: {
  button: HeaderButton;
  primary?: boolean;
  describedBy?: string;
}) {
  return (
    <button
      type="button"
      className={primary ? 'button button--primary' : 'button'}
      disabled={button.disabled}
      aria-describedby={describedBy}
      onClick={button.onClick}
    >
      {button.icon ? <span aria-hidden="true">{button.icon}</span> : null}
      {button.label}
    </button>
  );
}

function FilterTabs({
  label = 'Filters',
  items,
  activeId,
  onChange,
  panelId,
}: NonNullable<PageHeaderProps['tabs']>) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = Math.max(
    0,
    items.findIndex((t) => t.id === activeId),
  );
  const go = (index: number) => {
    const next = (index + items.length) % items.length;
    refs.current[next]?.focus();
    onChange(items[next].id);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const keys: Record<string, () => void> = {
      ArrowRight: () => go(current + 1),
      ArrowLeft: () => go(current - 1),
      Home: () => go(0),
      End: () => go(items.length - 1),
    };
    const action = keys[e.key];
    if (action) {
      e.preventDefault();
      action();
    }
  };
  return (
    <div className="page-header__tabs" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
      {items.map((tab, i) => {
        const selected = i === current;
        return (
          <button
            key={tab.id}
            ref={(node) => {
              refs.current[i] = node;
            }}
            type="button"
            role="tab"
            className="page-header__tab"
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab.id)}
          >
            {tabLabel(tab)}
          </button>
        );
      })}
    </div>
  );
}
