/** Set by the build on the #root of a prerendered page: the browser hydrates it (see main.tsx). */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';
