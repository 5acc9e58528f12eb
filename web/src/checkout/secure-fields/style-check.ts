// The developer's early error for a style the frames would not apply (see ./style.ts): the
// headless SDK checks a page's style and fonts when the fields are created or updated.
import { TesseraCheckoutError } from '../headless/errors';
import type { StyleInspector } from './secure-fields';
import { ALLOWED_FONT_ORIGINS, checkStyle } from './style';

export const inspectStyle: StyleInspector = (style, fonts, tesseraOrigin) => {
  const check = checkStyle(style, fonts, [tesseraOrigin, ...ALLOWED_FONT_ORIGINS]);
  if (check.problems.length > 0)
    throw new TesseraCheckoutError('invalid_options', `Secure fields style refused: ${check.problems.join('; ')}.`, {
      apiUrl: tesseraOrigin,
    });
};
