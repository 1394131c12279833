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
/** The common-password list alone (ranked from breach corpora), for the browser's strength meter (a lazy chunk). */
declare module '@zxcvbn-ts/language-common/dist/passwords.json.cjs' {
  const passwords: string[];
  export default passwords;
}
