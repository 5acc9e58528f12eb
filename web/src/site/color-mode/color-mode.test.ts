import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { ColorModeConfig } from '../config-types';
import { SiteConfigError } from '../errors';
import {
  assertColorModeChoice,
  nextColorModeChoice,
  parseStoredChoice,
  resolveColorMode,
  validateColorModeConfig,
  type ColorModeChoice,
} from './color-mode';
import { colorModeInlineScript } from './inline-script';

const respecting: ColorModeConfig = { defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: true };
const notRespecting: ColorModeConfig = { ...respecting, respectPrefersColorScheme: false };

describe('colour mode toggle', () => {
  it('cycles system → light → dark → system when the system preference is respected', () => {
    let choice: ColorModeChoice = null;
    const seen: ColorModeChoice[] = [];
    for (let i = 0; i < 4; i++) {
      choice = nextColorModeChoice(choice, respecting, 'dark');
      seen.push(choice);
    }
    expect(seen).toEqual(['light', 'dark', null, 'light']);
  });

  it('toggles light ↔ dark otherwise, starting from the default', () => {
    expect(nextColorModeChoice(null, notRespecting, 'dark')).toBe('dark');
    expect(nextColorModeChoice('dark', notRespecting, 'dark')).toBe('light');
    expect(nextColorModeChoice('light', notRespecting, 'dark')).toBe('dark');
  });

  it('applies the choice, else the system mode, else the default', () => {
    expect(resolveColorMode('dark', respecting, 'light')).toBe('dark');
    expect(resolveColorMode(null, respecting, 'dark')).toBe('dark');
    expect(resolveColorMode(null, notRespecting, 'dark')).toBe('light');
  });
});

describe('stored colour mode', () => {
  it('accepts light and dark and ignores anything else without throwing', () => {
    expect(parseStoredChoice('dark', respecting)).toBe('dark');
    expect(parseStoredChoice('light', respecting)).toBe('light');
    expect(parseStoredChoice('purple', respecting)).toBeNull();
    expect(parseStoredChoice(null, respecting)).toBeNull();
  });

  it('is ignored when the switch is disabled', () => {
    expect(parseStoredChoice('dark', { ...respecting, disableSwitch: true })).toBeNull();
  });
});

describe('colour mode developer errors', () => {
  it('rejects an unknown colour mode set by code', () => {
    expect(() => assertColorModeChoice('purple')).toThrow(SiteConfigError);
    expect(() => assertColorModeChoice('purple')).toThrow(/Unknown colour mode "purple"/);
    expect(assertColorModeChoice(null)).toBeNull();
  });

  it('rejects an unknown default mode in the configuration', () => {
    const config: ColorModeConfig = { ...respecting };
    Reflect.set(config, 'defaultMode', 'sepia');
    expect(() => validateColorModeConfig(config)).toThrow(/colorMode.defaultMode: unknown colour mode "sepia"/);
  });
});

describe('inline colour-mode script (applied before first paint)', () => {
  function run(config: ColorModeConfig, stored: string | null | 'throws', systemDark: boolean) {
    const attributes = new Map<string, string>();
    const window = {
      get localStorage() {
        if (stored === 'throws') throw new Error('SecurityError');
        return { getItem: () => stored };
      },
      matchMedia: () => ({ matches: systemDark }),
    };
    const document = {
      documentElement: { setAttribute: (name: string, value: string) => attributes.set(name, value) },
    };
    runInNewContext(colorModeInlineScript(config, 'theme'), { window, document });
    return { theme: attributes.get('data-theme'), choice: attributes.get('data-theme-choice') };
  }

  it('agrees with resolveColorMode', () => {
    expect(run(respecting, 'dark', false)).toEqual({ theme: 'dark', choice: 'dark' });
    expect(run(respecting, null, true)).toEqual({ theme: 'dark', choice: 'system' });
    expect(run(notRespecting, null, true)).toEqual({ theme: 'light', choice: 'system' });
    expect(run(respecting, 'bogus', false)).toEqual({ theme: 'light', choice: 'system' });
  });

  it('survives a storage that throws', () => {
    expect(run(respecting, 'throws', true)).toEqual({ theme: 'dark', choice: 'system' });
  });

  it('ignores the stored value when the switch is disabled', () => {
    expect(run({ ...notRespecting, disableSwitch: true }, 'dark', false)).toEqual({ theme: 'light', choice: 'system' });
  });
});
