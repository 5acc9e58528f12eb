// Colour-mode rules, free of React and the DOM so they can be unit tested.
//
// The reader's *choice* is light, dark or null ("system": follow the operating system). The
// *mode* actually applied is always light or dark. Only an explicit light/dark choice is stored.

import { SiteConfigError } from '../errors';
import type { ColorMode, ColorModeConfig } from '../config-types';

export type { ColorMode };
export type ColorModeChoice = ColorMode | null;

const COLOR_MODES: readonly ColorMode[] = ['light', 'dark'];

export function isColorMode(value: unknown): value is ColorMode {
  return COLOR_MODES.some((mode) => mode === value);
}

/** For values a developer wrote (configuration, code): an unknown mode is a bug to report. */
export function assertColorModeChoice(value: unknown): ColorModeChoice {
  if (value === null || isColorMode(value)) return value;
  throw new SiteConfigError(`Unknown colour mode ${JSON.stringify(value)}. Expected "light", "dark" or null (system).`);
}

export function validateColorModeConfig(config: ColorModeConfig): void {
  if (!isColorMode(config.defaultMode)) {
    throw new SiteConfigError(
      `colorMode.defaultMode: unknown colour mode ${JSON.stringify(config.defaultMode)}. Expected "light" or "dark".`,
    );
  }
}

/** For values read from storage, which any script or an older site version may have written: never throw. */
export function parseStoredChoice(value: string | null, config: ColorModeConfig): ColorModeChoice {
  if (config.disableSwitch) return null;
  return isColorMode(value) ? value : null;
}

/** The toggle: system → light → dark → system when the system preference is respected, else light ↔ dark. */
export function nextColorModeChoice(
  current: ColorModeChoice,
  config: ColorModeConfig,
  systemMode: ColorMode,
): ColorModeChoice {
  if (config.respectPrefersColorScheme) {
    if (current === null) return 'light';
    if (current === 'light') return 'dark';
    return null;
  }
  const shown = resolveColorMode(current, config, systemMode);
  return shown === 'dark' ? 'light' : 'dark';
}

export function resolveColorMode(choice: ColorModeChoice, config: ColorModeConfig, systemMode: ColorMode): ColorMode {
  if (choice !== null) return choice;
  return config.respectPrefersColorScheme ? systemMode : config.defaultMode;
}

/** Attribute value naming the choice, for CSS and the toggle's label. */
export function choiceAttribute(choice: ColorModeChoice): string {
  return choice ?? 'system';
}
