// Modules generated at build time by the Vite plugins in web/build/.

declare module 'virtual:tessera/docs-manifest' {
  import type { DocMetadata, DocModule } from './docs/types';
  export const docs: DocMetadata[];
  export const loadDoc: Record<string, () => Promise<DocModule>>;
  /** URL of search-index.json, with a content hash so a new build is never served a stale index. */
  export const searchIndexUrl: string;
}

/** Colours of the highlighted code blocks, as classes (web/build/highlight-classes.ts). */
declare module 'virtual:tessera/code-highlight.css';

declare module 'virtual:tessera/openapi/v1' {
  const document: unknown;
  export default document;
}
declare module 'virtual:tessera/openapi/v2' {
  const document: unknown;
  export default document;
}
declare module 'virtual:tessera/openapi/wallet' {
  const document: unknown;
  export default document;
}

/** True only in the end-to-end test build (TESSERA_TEST_HOOKS=1): enables the ?__crash hook. */
declare const __TESSERA_TEST_HOOKS__: boolean;

/** The year of the build (the footer's copyright): a prerendered page must hydrate the same any year. */
declare const __TESSERA_BUILD_YEAR__: number;

interface ImportMetaEnv {
  readonly VITE_TESSERA_WIDGET_URL?: string;
  readonly VITE_TESSERA_DASHBOARD_URL?: string;
  readonly VITE_TESSERA_SURVEY_URL?: string;
}
