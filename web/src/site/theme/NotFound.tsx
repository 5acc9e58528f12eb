import { SiteLink } from './SiteLink';

export function NotFound() {
  return (
    <div className="container page-not-found">
      <h1>Page Not Found</h1>
      <p>We could not find what you were looking for.</p>
      <p>If a link brought you here, it is broken: please tell whoever owns the page that linked to this address.</p>
      <p>
        <SiteLink href="/docs">Go to the documentation home</SiteLink>
      </p>
    </div>
  );
}
