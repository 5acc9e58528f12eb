// The script inlined in index.html's <head>: applies the stored colour mode before the first paint
// so a dark-mode reader never sees a white flash. It mirrors resolveColorMode() in ES5 and must never
// throw (storage access is guarded). Written into the page by the Vite config from the same settings.

import type { ColorModeConfig } from '../config-types';

export function colorModeInlineScript(config: ColorModeConfig, storageKey: string): string {
  const settings = JSON.stringify({
    key: storageKey,
    defaultMode: config.defaultMode,
    respect: config.respectPrefersColorScheme,
    disabled: config.disableSwitch,
  });
  return `(function(){var s=${settings};var c=null;
if(!s.disabled){try{c=window.localStorage.getItem(s.key)}catch(e){}}
if(c!=='light'&&c!=='dark'){c=null}
var m=c;if(!m){m=s.defaultMode;if(s.respect){try{m=window.matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light'}catch(e){}}}
var d=document.documentElement;d.setAttribute('data-theme',m);d.setAttribute('data-theme-choice',c||'system');})();`;
}
