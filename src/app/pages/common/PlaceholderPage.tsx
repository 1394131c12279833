/**
 * An honest page for an area whose screens are not built yet: the route, guard and layout around it are real, and
 * the page says plainly what it will hold.
 */
import { useParams } from 'react-router';
import type { TitleArgs } from '../../routing/types';

export interface PlaceholderPageProps {
  title: string;
  description: string;
}

export function PlaceholderPage({ title, description }: PlaceholderPageProps) {
  return (
    <section className="page" aria-labelledby="page-title">
      <header className="page__header">
        <h1 id="page-title">{title}</h1>
      </header>
      <p className="page__notice" role="note">
        {description} This screen is not available in this version of the console yet.
      </p>
    </section>
  );
}

/** A route module for a placeholder page. */
export const placeholder = (title: string, description: string) => ({
  Component: function Placeholder() {
    return <PlaceholderPage title={title} description={description} />;
  },
  handle: { title },
});

/** A route module for a placeholder detail page of an entity (`/{id}` routes). */
export const placeholderDetail = (kind: string) => ({
  Component: function Detail() {
    const { id } = useParams();
    return (
      <PlaceholderPage
        title={`${kind} ${id ?? ''}`.trim()}
        description={`Details of the ${kind.toLowerCase()} ${id ?? ''}.`}
      />
    );
  },
  handle: { title: ({ params }: TitleArgs) => `${kind} ${params.id ?? ''}`.trim() },
});
