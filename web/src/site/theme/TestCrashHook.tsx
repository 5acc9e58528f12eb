// End-to-end test hook: while the address has `?__crash`, the page content throws, to exercise the
// crash page; a test removes the flag (history.replaceState) and clicks "Try again" to check the
// page recovers. Compiled only into the test build (__TESSERA_TEST_HOOKS__), so a real deployment
// cannot be crashed from a URL.

export function TestCrashHook() {
  if (__TESSERA_TEST_HOOKS__ && new URLSearchParams(window.location.search).has('__crash')) {
    throw new Error('Crash requested by the test hook (?__crash).');
  }
  return null;
}
