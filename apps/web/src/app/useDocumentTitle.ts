import { useEffect } from 'react';

const PRODUCT = 'Lexdesk';

/** Names the browser tab after the page, so screen-reader users hear where they landed. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT}` : PRODUCT;
  }, [title]);
}
