import { useAnnouncementBar } from '../announcement/AnnouncementBarProvider';
import { CloseIcon } from './icons';
import { SiteLink } from './SiteLink';

export function AnnouncementBar() {
  const { announcement, isActive, close } = useAnnouncementBar();
  if (!announcement || !isActive) return null;
  return (
    // Its colours are a rule of web/index.html (announcement/config.ts): the pages' CSP refuses style attributes.
    <div className="announcement-bar" role="banner">
      <div className="announcement-bar__content">
        {announcement.content}
        {announcement.link && (
          <>
            {' '}
            <SiteLink href={announcement.link.href}>{announcement.link.label}</SiteLink>
          </>
        )}
      </div>
      {announcement.isCloseable && (
        <button type="button" className="announcement-bar__close" aria-label="Close announcement" onClick={close}>
          <CloseIcon size={14} />
        </button>
      )}
    </div>
  );
}
