declare module '*.svg' {
  const url: string;
  export default url;
}
declare module '*.png' {
  const url: string;
  export default url;
}
declare module '*.css';
/** Markdown imported as its text (webpack `asset/source`). */
declare module '*.md' {
  const text: string;
  export default text;
}
