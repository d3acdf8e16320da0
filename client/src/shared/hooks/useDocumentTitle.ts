import { useEffect } from 'react';

const PRODUCT = 'CollabHub';

/** The page's own title and the viewer's unread count, which leads it as in chat apps: "(3) Dashboard · CollabHub". */
const title = { page: `${PRODUCT} · Connect, collaborate, create`, unread: 0 };

const apply = () => {
  document.title = title.unread > 0 ? `(${title.unread}) ${title.page}` : title.page;
};

/** Sets the tab title to "<page> · CollabHub" while the page is shown (the unread count stays in front). */
export function useDocumentTitle(page?: string) {
  useEffect(() => {
    title.page = page ? `${page} · ${PRODUCT}` : `${PRODUCT} · Connect, collaborate, create`;
    apply();
  }, [page]);
}

/** Puts the unread count in front of the tab title ("(3) …") while mounted; 0 removes it. */
export function useUnreadInTitle(unread: number) {
  useEffect(() => {
    title.unread = unread;
    apply();
    return () => {
      title.unread = 0;
      apply();
    };
  }, [unread]);
}
