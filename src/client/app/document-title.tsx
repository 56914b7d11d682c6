import { useEffect } from 'react';
import { useSettingsQuery } from '../lib/session';

/**
 * The browser tab says where one is: the page's heading and the business ("Products · Harbor & Pine Wellness"), or
 * the business alone on a page whose heading is its name or that has none yet. Pages draw their heading once their
 * data is there, so the title follows the document's first h1 as it changes, read at most once a frame.
 */
export function DocumentTitle() {
  const business = useSettingsQuery().data?.businessName;
  useEffect(() => {
    if (!business) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      const heading = document.querySelector('h1')?.textContent?.trim();
      const title = heading && heading !== business ? `${heading} · ${business}` : business;
      if (document.title !== title) document.title = title;
    };
    update();
    const observer = new MutationObserver(() => {
      if (!frame) frame = requestAnimationFrame(update);
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [business]);
  return null;
}
