/**
 * Code-split entry for the rich-text editor: pages import `LazyRichTextEditor` from here so ProseMirror is fetched
 * only when an editor is shown.
 */
import { lazy, Suspense } from 'react';
import { Loader } from '../Loader';
import type { RichTextEditorProps } from './RichTextEditor';

const Editor = lazy(() => import('./RichTextEditor').then((m) => ({ default: m.RichTextEditor })));

export function LazyRichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<Loader label="Loading editor…" />}>
      <Editor {...props} />
    </Suspense>
  );
}
