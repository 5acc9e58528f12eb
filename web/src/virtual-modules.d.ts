// Modules generated at build time by the Vite plugins in web/build/.

declare module 'virtual:tessera/docs-manifest' {
  import type { DocMetadata, DocModule } from './docs/types';
  export const docs: DocMetadata[];
  export const loadDoc: Record<string, () => Promise<DocModule>>;
  /** URL of search-index.json, with a content hash so a new build is never served a stale index. */
  export const searchIndexUrl: string;
}

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

interface ImportMetaEnv {
  readonly VITE_TESSERA_WIDGET_URL?: string;
  readonly VITE_TESSERA_DASHBOARD_URL?: string;
  readonly VITE_TESSERA_SURVEY_URL?: string;
}
