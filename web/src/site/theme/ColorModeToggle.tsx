import { useColorMode } from '../color-mode/ColorModeProvider';
import type { ColorModeChoice } from '../color-mode/color-mode';
import { MoonIcon, SunIcon, SystemIcon } from './icons';

const DESCRIPTION: Record<string, string> = { light: 'light mode', dark: 'dark mode', system: 'system mode' };

function describe(choice: ColorModeChoice): string {
  return DESCRIPTION[choice ?? 'system'] ?? 'system mode';
}

export function ColorModeToggle({ className = '' }: { className?: string }) {
  const { colorModeChoice, toggle, config } = useColorMode();
  if (config.disableSwitch) return null;
  const label = config.respectPrefersColorScheme
    ? `Switch between dark, light and system mode (currently ${describe(colorModeChoice)})`
    : `Switch between dark and light mode (currently ${describe(colorModeChoice)})`;
  return (
    <button
      type="button"
      className={`color-mode-toggle ${className}`}
      onClick={toggle}
      title={label}
      aria-label={label}
      data-choice={colorModeChoice ?? 'system'}
    >
      {colorModeChoice === null ? <SystemIcon /> : colorModeChoice === 'dark' ? <MoonIcon /> : <SunIcon />}
    </button>
  );
}
