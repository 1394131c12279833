/** The console's icon, served at /favicon.svg and /favicon.ico (without one the browser logs a 404). */
export const faviconSvg =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 28 28"><path d="M14 2 4 6v7c0 6.2 4.3 11.3 10 13 5.7-1.7 10-6.8 10-13V6z" fill="#76b100"/><path d="M9 10h3v2h4v-2h3v9H9z" fill="#fff"/></svg>';
