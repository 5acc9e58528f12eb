// Colour-mode settings, in their own module because two places need them: the app, and the Vite
// config that writes the inline script applying the mode before first paint (web/index.html).

import type { ColorModeConfig } from '../config-types';

export const COLOR_MODE_STORAGE_KEY = 'theme';

export const colorModeConfig: ColorModeConfig = {
  defaultMode: 'light',
  disableSwitch: false,
  respectPrefersColorScheme: true,
};
