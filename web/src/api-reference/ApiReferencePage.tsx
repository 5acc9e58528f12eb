// An API reference page (/api-v2, /wallet, /openapi/): renders the OpenAPI document the build
// imported, or says the reference is not published yet when the api has not exported it.

import { useMemo } from 'react';
import { SiteLink } from '../site/theme/SiteLink';
import { useWindowSize } from '../site/window-size';
import { Description } from './Description';
import { OpenApiReadError, readOpenApiDocument, type ApiModel } from './openapi-model';
import { MethodBadge, OperationView } from './OperationView';
import './api-reference.css';

export interface ApiReferencePageProps {
  document: unknown;
  title: string;
  deprecated?: boolean;
  /** Where the api serves the same document, for readers and tools that want the JSON. */
  documentUrl: string;
  /** The guide of this API among the docs pages, linked from the header. */
  guide?: { href: string; label: string };
}

type Loaded = { model: ApiModel } | { error: string };

function read(document: unknown): Loaded | null {
  if (document === null) return null;
  try {
    return { model: readOpenApiDocument(document) };
  } catch (error) {
    if (error instanceof OpenApiReadError) return { error: error.message };
    throw error;
  }
}

export function ApiReferencePage({ document, title, deprecated = false, documentUrl, guide }: ApiReferencePageProps) {
  const loaded = useMemo(() => read(document), [document]);
  return (
    <div className="api-page">
      {loaded && 'model' in loaded ? (
        <ApiReference
          model={loaded.model}
          title={title}
          deprecated={deprecated}
          documentUrl={documentUrl}
          {...(guide ? { guide } : {})}
        />
      ) : (
        <div className="container api-unavailable">
          <ApiTitle title={title} deprecated={deprecated} />
          {loaded === null ? (
            <>
              <p className="api-unavailable__lead">This reference is not available yet.</p>
              <p>
                It is generated from the API's route schemas and appears here once the api publishes its OpenAPI
                document.
              </p>
            </>
          ) : (
            <p className="api-unavailable__lead" role="alert">
              This reference could not be read: {loaded.error}
            </p>
          )}
        </div>
      )}
    </div>
  );
}

function ApiTitle({ title, deprecated }: { title: string; deprecated: boolean }) {
  return (
    <h1>
      {title}
      {deprecated && (
        <>
          {' '}
          <span className="badge badge--deprecated">Deprecated</span>
        </>
      )}
    </h1>
  );
}

function ApiReference({
  model,
  title,
  deprecated,
  documentUrl,
  guide,
}: {
  model: ApiModel;
  title: string;
  deprecated: boolean;
  documentUrl: string;
  guide?: { href: string; label: string };
}) {
  const isMobile = useWindowSize() === 'mobile';
  return (
    <div className="docs-wrapper docs-wrapper--with-sidebar">
      {!isMobile && (
        <aside className="doc-sidebar api-nav" aria-label="Operations">
          <div className="doc-sidebar__viewport">
            <ApiNav model={model} />
          </div>
        </aside>
      )}
      <div className="api-content">
        <header className="api-header">
          <ApiTitle title={title} deprecated={deprecated} />
          <p className="api-header__meta">
            {model.title}
            {model.version && (
              <>
                {' '}
                · version <code>{model.version}</code>
              </>
            )}{' '}
            · <a href={documentUrl}>OpenAPI document</a>
            {guide && (
              <>
                {' '}
                · <SiteLink href={guide.href}>{guide.label}</SiteLink>
              </>
            )}
          </p>
          {deprecated && (
            <div className="admonition admonition--warning" role="note">
              <div className="admonition__title">Deprecated</div>
              <div className="admonition__content">
                This API is kept for existing integrations. New integrations should use the API v2.
              </div>
            </div>
          )}
          <Description text={model.description} />
          {model.servers.length > 0 && (
            <p>
              <strong>Servers:</strong>{' '}
              {model.servers.map((server) => (
                <code key={server} className="api-server">
                  {server}
                </code>
              ))}
            </p>
          )}
          {model.securitySchemes.length > 0 && (
            <div className="api-block">
              <h2 id="authentication">Authentication</h2>
              <ul className="schema-props">
                {model.securitySchemes.map((scheme) => (
                  <li key={scheme.name} className="schema-prop">
                    <div className="schema-prop__head">
                      <code className="schema-prop__name">{scheme.name}</code>
                      <span className="schema-type">{scheme.summary}</span>
                    </div>
                    <Description text={scheme.description} className="schema-description" />
                  </li>
                ))}
              </ul>
            </div>
          )}
        </header>
        {isMobile && (
          <details className="toc-mobile">
            <summary>Operations</summary>
            <ApiNav model={model} />
          </details>
        )}
        {model.groups.map((group) => (
          <section key={group.tag} className="api-group" aria-label={group.tag}>
            <h2 id={`tag-${group.tag.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`} className="anchor">
              {group.tag}
            </h2>
            <Description text={group.description} />
            {group.operations.map((operation) => (
              <OperationView
                key={operation.anchor}
                operation={operation}
                resolver={model.resolver}
                securityNames={operation.security ?? model.defaultSecurity}
              />
            ))}
          </section>
        ))}
      </div>
    </div>
  );
}

function ApiNav({ model }: { model: ApiModel }) {
  return (
    <nav className="menu doc-sidebar__menu">
      {model.groups.map((group) => (
        <div key={group.tag} className="api-nav__group">
          <div className="api-nav__tag">{group.tag}</div>
          <ul className="menu__list">
            {group.operations.map((operation) => (
              <li key={operation.anchor}>
                <a
                  className={`menu__link api-nav__link ${operation.deprecated ? 'api-nav__link--deprecated' : ''}`}
                  href={`#${operation.anchor}`}
                >
                  <MethodBadge method={operation.method} />
                  <span>{operation.summary ?? operation.path}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}
