/** A router link that preloads its route's chunk on hover or focus. */
import { forwardRef, type ComponentProps } from 'react';
import { Link, NavLink } from 'react-router';
import { preloadPath } from '../routing/preload';

type LinkProps = ComponentProps<typeof Link> & { to: string };

export const PreloadLink = forwardRef<HTMLAnchorElement, LinkProps>(function PreloadLink(props, ref) {
  const { onMouseEnter, onFocus, to } = props;
  return (
    <Link
      ref={ref}
      {...props}
      onMouseEnter={(e) => {
        preloadPath(to);
        onMouseEnter?.(e);
      }}
      onFocus={(e) => {
        preloadPath(to);
        onFocus?.(e);
      }}
    />
  );
});

type NavProps = ComponentProps<typeof NavLink> & { to: string };

export const PreloadNavLink = forwardRef<HTMLAnchorElement, NavProps>(function PreloadNavLink(props, ref) {
  const { onMouseEnter, onFocus, to } = props;
  return (
    <NavLink
      ref={ref}
      {...props}
      onMouseEnter={(e) => {
        preloadPath(to);
        onMouseEnter?.(e);
      }}
      onFocus={(e) => {
        preloadPath(to);
        onFocus?.(e);
      }}
    />
  );
});
