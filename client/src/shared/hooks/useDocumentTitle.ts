import { useEffect } from 'react';

const PRODUCT = 'CollabHub';

/** Sets the tab title to "<page> · CollabHub" while the page is shown. */
export function useDocumentTitle(page?: string) {
  useEffect(() => {
    document.title = page ? `${page} · ${PRODUCT}` : `${PRODUCT} · Connect, collaborate, create`;
  }, [page]);
}
