export { RichTextEditor } from './RichTextEditor';
export type { RichTextEditorProps } from './RichTextEditor';
export { richTextSchema } from './schema';
export { applyLink, parseHtml, toHtml, SELECT_TEXT_MESSAGE, LINK_FORMAT_MESSAGE } from './commands';
