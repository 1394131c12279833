/** A package's changelog: markdown through the console's sanitised renderer. */
import { useMarkdown } from '../../../notifications/useMarkdown';

export function Changelog({ markdown }: { markdown: string }) {
  const html = useMarkdown(markdown);
  // Sanitised by DOMPurify in the renderer (escaped text until it loads).
  return <div className="updates__changelog" dangerouslySetInnerHTML={{ __html: html }} />;
}
