/** What every PKI detail page does alike: its document title once the entity is known. */
import { useEffect } from 'react';

/** Sets `<name> · <area> · Rampart` as the document title once the entity has loaded (`name` undefined until then). */
export function useDetailTitle(name: string | undefined, area: string) {
  useEffect(() => {
    if (name !== undefined) document.title = `${name} · ${area} · Rampart`;
  }, [name, area]);
}
