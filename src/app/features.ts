/**
 * App-wide features that plug into the core layout's slots (notification center, windows column). Called once on
 * the server and in the browser before the first render, so both render the same tree.
 */
export function registerFeatures() {
  // Features register their layout slots here.
}
