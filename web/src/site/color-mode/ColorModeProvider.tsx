import { createContext, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useHydrated, useMediaQuery } from '../../app/hydration';
import type { ColorModeConfig } from '../config-types';
import { createStorageSlot, type StorageSlot } from '../storage';
import { useContextOrThrow } from '../use-context-or-throw';
import { COLOR_MODE_STORAGE_KEY } from './config';
import {
  assertColorModeChoice,
  choiceAttribute,
  nextColorModeChoice,
  parseStoredChoice,
  resolveColorMode,
  validateColorModeConfig,
  type ColorMode,
  type ColorModeChoice,
} from './color-mode';

export interface ColorModeContextValue {
  /** The mode applied to the page. */
  colorMode: ColorMode;
  /** The reader's choice; null follows the operating system. */
  colorModeChoice: ColorModeChoice;
  setColorModeChoice(choice: ColorModeChoice): void;
  /** Advances the toggle's cycle. */
  toggle(): void;
  config: ColorModeConfig;
}

const ColorModeContext = createContext<ColorModeContextValue | undefined>(undefined);

const DARK_QUERY = '(prefers-color-scheme: dark)';

export function ColorModeProvider({
  config,
  slot: givenSlot,
  children,
}: {
  config: ColorModeConfig;
  slot?: StorageSlot;
  children: ReactNode;
}) {
  validateColorModeConfig(config);
  const slot = useMemo(() => givenSlot ?? createStorageSlot(COLOR_MODE_STORAGE_KEY), [givenSlot]);
  // Until hydration ends the page shows what the build rendered (the toggle in "system"); the
  // inline script of web/index.html has already applied the reader's mode to <html> by then.
  const hydrated = useHydrated();
  const [choice, setChoice] = useState<ColorModeChoice>(() => parseStoredChoice(slot.get(), config));
  const systemMode: ColorMode = useMediaQuery(DARK_QUERY, false) ? 'dark' : 'light';
  const colorMode = resolveColorMode(choice, config, systemMode);

  useEffect(() => {
    // A site that disables the switch after readers stored a choice must not keep applying it.
    if (config.disableSwitch) slot.del();
  }, [config.disableSwitch, slot]);

  useEffect(() => {
    if (config.disableSwitch) return undefined;
    // Another tab changed the choice: follow it without writing it back.
    return slot.listen((value) => setChoice(parseStoredChoice(value, config)));
  }, [config, slot]);

  useEffect(() => {
    // While hydrating, the system mode is the build's guess: writing it would flash the wrong mode.
    if (!hydrated) return;
    const root = document.documentElement;
    root.setAttribute('data-theme', colorMode);
    root.setAttribute('data-theme-choice', choiceAttribute(choice));
  }, [hydrated, colorMode, choice]);

  const setColorModeChoice = useCallback(
    (next: ColorModeChoice) => {
      const checked = assertColorModeChoice(next);
      setChoice(checked);
      // Choosing "system" forgets the stored choice, so the OS setting wins on the next visit too.
      if (checked === null) slot.del();
      else slot.set(checked);
    },
    [slot],
  );

  const value = useMemo<ColorModeContextValue>(
    () => ({
      colorMode: hydrated ? colorMode : resolveColorMode(null, config, 'light'),
      colorModeChoice: hydrated ? choice : null,
      setColorModeChoice,
      toggle: () => setColorModeChoice(nextColorModeChoice(choice, config, systemMode)),
      config,
    }),
    [hydrated, colorMode, choice, setColorModeChoice, config, systemMode],
  );

  return <ColorModeContext.Provider value={value}>{children}</ColorModeContext.Provider>;
}

export function useColorMode(): ColorModeContextValue {
  return useContextOrThrow(ColorModeContext, 'ColorModeProvider', 'useColorMode');
}
