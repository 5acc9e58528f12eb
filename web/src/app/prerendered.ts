/**
 * Set by the build on the #root of a prerendered page, with the address it was rendered at: the
 * browser hydrates it there (see main.tsx). A not-found page answers many addresses, each rendered
 * a little differently (links to the current address), so there it renders afresh.
 */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';
