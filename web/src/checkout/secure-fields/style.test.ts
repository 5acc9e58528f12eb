import { describe, expect, it } from 'vitest';
import { ALLOWED_FONT_ORIGINS, checkStyle, isSafeStyleValue } from './style';

const origins = ['https://api.tessera.example', ...ALLOWED_FONT_ORIGINS];

describe('the allowed styles', () => {
  it('keeps allowed properties of known states', () => {
    const checked = checkStyle(
      {
        base: { color: '#2b2118', fontFamily: '"Segoe UI", Inter, sans-serif', fontSize: '16px', lineHeight: '1.5' },
        invalid: { color: 'rgb(180, 35, 24)' },
        placeholder: { color: 'GrayText', fontStyle: 'italic' },
      },
      undefined,
      origins,
    );
    expect(checked.problems).toEqual([]);
    expect(checked.style.base?.fontFamily).toBe('"Segoe UI", Inter, sans-serif');
  });

  it('names every property, state and value it refuses', () => {
    const checked = checkStyle(
      {
        base: { color: 'red', backgroundImage: 'url(https://evil.example/x.png)', position: 'fixed' },
        hover: { color: 'blue' },
        focus: { color: 'red; background: url(x)', fontFamily: 'var(--x)' },
      },
      undefined,
      origins,
    );
    expect(checked.problems).toEqual([
      'style.base.backgroundImage: not an allowed property',
      'style.base.position: not an allowed property',
      'style.hover: unknown state (allowed: base, focus, invalid, complete, placeholder, disabled)',
      'style.focus.color: value refused',
      'style.focus.fontFamily: value refused',
    ]);
    expect(checked.style).toEqual({ base: { color: 'red' }, focus: {} });
  });

  it.each([
    'url(x)',
    'URL (x)',
    'image-set("x" 1x)',
    'attr(data-x)',
    'env(safe-area-inset-top)',
    'expression(alert(1))',
    'red}input{color:blue',
    'red;x',
    'a\\62 c',
    '/* */red',
    'red !important',
    '@import',
    '<b>',
    'x'.repeat(121),
  ])('refuses the value %s', (value) => {
    expect(isSafeStyleValue(value)).toBe(false);
  });

  it('takes fonts over https from Tessera and the allowed origins only', () => {
    const good = { family: 'Inter', src: 'https://fonts.gstatic.com/s/inter.woff2', weight: '100 900' };
    expect(checkStyle(undefined, [good], origins)).toMatchObject({ fonts: [good], problems: [] });
    expect(
      checkStyle(undefined, [{ family: 'Mine', src: 'https://api.tessera.example/fonts/mine.woff2' }], origins)
        .problems,
    ).toEqual([]);
    expect(
      checkStyle(
        undefined,
        [
          { family: 'Inter', src: 'https://evil.example/inter.woff2' },
          { family: 'Inter', src: 'http://fonts.gstatic.com/inter.woff2' },
          { family: 'Inter; color: red', src: 'https://fonts.gstatic.com/inter.woff2' },
          { family: 'Inter', src: 'https://fonts.gstatic.com/inter.woff2', weight: 'heavy' },
          'Inter',
        ],
        origins,
      ).problems,
    ).toEqual([
      'fonts[0]: src must be on https://api.tessera.example or https://fonts.gstatic.com',
      'fonts[1]: src must be https',
      'fonts[2]: family must be a plain font name',
      'fonts[3]: weight must be normal, bold or 100 to 900',
      'fonts[4]: must be an object',
    ]);
  });
});
