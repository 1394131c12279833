/** Router links that preload their route's chunk on hover or focus (spec §9: at most 4 preloads at a time). */
import type { ComponentProps, FocusEvent, MouseEvent } from 'react';
import { Link } from 'react-router';
import { preloadPath } from '../routing/preload';

type Handlers = {
  onMouseEnter?: (e: MouseEvent<HTMLAnchorElement>) => void;
  onFocus?: (e: FocusEvent<HTMLAnchorElement>) => void;
};

/** Chains a preload of `to` in front of the link's own hover and focus handlers. */
function preloading(to: string, { onMouseEnter, onFocus }: Handlers): Required<Handlers> {
  return {
    onMouseEnter: (e) => {
      preloadPath(to);
      onMouseEnter?.(e);
    },
    onFocus: (e) => {
      preloadPath(to);
      onFocus?.(e);
    },
  };
}

export function PreloadLink(props: ComponentProps<typeof Link> & { to: string }) {
  return <Link {...props} {...preloading(props.to, props)} />;
}
