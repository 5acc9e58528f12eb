// End-to-end test hook: while the address has `?__crash`, the page content throws, to exercise the
// crash page; a test removes the flag (history.replaceState) and clicks "Try again" to check the
// page recovers. Compiled only into the test build (__TESSERA_TEST_HOOKS__), so a real deployment
// cannot be crashed from a URL.

export function TestCrashHook() {
  // The build renders no page with the flag (it has no window); a browser hydrating one crashes.
  if (
    __TESSERA_TEST_HOOKS__ &&
    typeof window !== 'undefined' &&
    new URLSearchParams(window.location.search).has('__crash')
  ) {
    throw new Error('Crash requested by the test hook (?__crash).');
  }
  return null;
}
