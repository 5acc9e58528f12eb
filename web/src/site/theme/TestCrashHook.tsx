// End-to-end test hook: `?__crash` makes the page content throw once, to exercise the crash page
// and its "Try again" button. Compiled only into the test build (__TESSERA_TEST_HOOKS__), so a real
// deployment cannot be crashed from a URL.

let crashed = false;

export function TestCrashHook() {
  if (__TESSERA_TEST_HOOKS__ && !crashed && new URLSearchParams(window.location.search).has('__crash')) {
    crashed = true;
    throw new Error('Crash requested by the test hook (?__crash).');
  }
  return null;
}
