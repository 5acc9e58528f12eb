import type { SearchHit, SnippetPart } from '../../search/engine';
import { SiteLink } from '../SiteLink';

export function Snippet({ parts }: { parts: SnippetPart[] }) {
  return (
    <>
      {parts.map((part, index) =>
        part.match ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>,
      )}
    </>
  );
}

/** Hits grouped under their page's title, in ranking order of each page's best hit. */
export function groupByPage(hits: readonly SearchHit[]): { title: string; path: string; hits: SearchHit[] }[] {
  const groups = new Map<string, { title: string; path: string; hits: SearchHit[] }>();
  for (const hit of hits) {
    let group = groups.get(hit.page.path);
    if (!group) groups.set(hit.page.path, (group = { title: hit.page.title, path: hit.page.path, hits: [] }));
    group.hits.push(hit);
  }
  return [...groups.values()];
}

export function SearchHitList({
  hits,
  selectedUrl,
  onSelect,
  onHover,
}: {
  hits: readonly SearchHit[];
  selectedUrl?: string | undefined;
  onSelect?: () => void;
  onHover?: (hit: SearchHit) => void;
}) {
  return (
    <div className="search-hits">
      {groupByPage(hits).map((group) => (
        <section key={group.path} className="search-hits__group">
          <div className="search-hits__page">{group.title}</div>
          <ul role="listbox" aria-label={group.title}>
            {group.hits.map((hit) => (
              <li
                key={hit.url}
                role="option"
                aria-selected={hit.url === selectedUrl}
                className={`search-hit ${hit.url === selectedUrl ? 'search-hit--selected' : ''}`}
                onMouseMove={() => onHover?.(hit)}
              >
                <SiteLink href={hit.url} className="search-hit__link" onClick={onSelect}>
                  <span className="search-hit__title">{hit.title}</span>
                  {hit.snippet.length > 0 && (
                    <span className="search-hit__snippet">
                      <Snippet parts={hit.snippet} />
                    </span>
                  )}
                </SiteLink>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
