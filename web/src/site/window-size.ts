import { useEffect, useState } from 'react';

/** Width at and below which the mobile layout applies (the CSS uses the same breakpoint). */
export const MOBILE_BREAKPOINT_PX = 996;
const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX}px)`;

export type WindowSize = 'desktop' | 'mobile';

function currentSize(): WindowSize {
  return typeof window !== 'undefined' && window.matchMedia?.(MOBILE_QUERY).matches ? 'mobile' : 'desktop';
}

export function useWindowSize(): WindowSize {
  const [size, setSize] = useState(currentSize);
  useEffect(() => {
    const query = window.matchMedia(MOBILE_QUERY);
    const update = () => setSize(query.matches ? 'mobile' : 'desktop');
    query.addEventListener('change', update);
    update();
    return () => query.removeEventListener('change', update);
  }, []);
  return size;
}
