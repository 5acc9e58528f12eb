// Developer errors: thrown for a misconfigured site or a misused hook, never for anything a
// reader does. Their messages name the setting or component to fix.

export class SiteConfigError extends Error {
  override name = 'SiteConfigError';
}

/** Thrown by a `useX` hook rendered outside its `<XProvider>`. */
export class ReactContextError extends Error {
  override name = 'ReactContextError';
  constructor(providerName: string, hookName: string) {
    super(
      `Hook ${hookName} is called outside the <${providerName}>. Render it inside <${providerName}> (see web/src/site/SiteProviders.tsx).`,
    );
  }
}
