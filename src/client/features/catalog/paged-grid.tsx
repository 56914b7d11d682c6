import { useEffect, useRef, useState, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { cn } from '../../lib/cn';

const PAGE_SIZE = 24;

/**
 * Renders a page of items and adds the next page when the end of the grid comes into view (or the
 * button is pressed), so a catalogue of 10,000 items costs no more to render than its first rows.
 * Starts again from the first page whenever `resetKey` (e.g. the search text) changes.
 */
export function PagedGrid<T>({
  items,
  renderItem,
  getKey,
  resetKey,
  className,
  pageSize = PAGE_SIZE,
}: {
  items: readonly T[];
  renderItem: (item: T, index: number) => ReactNode;
  getKey: (item: T) => string;
  resetKey: string;
  className?: string;
  pageSize?: number;
}) {
  const [shown, setShown] = useState(pageSize);
  const [lastReset, setLastReset] = useState(resetKey);
  if (lastReset !== resetKey) {
    setLastReset(resetKey);
    setShown(pageSize);
  }
  const sentinel = useRef<HTMLDivElement>(null);
  const more = items.length > shown;

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !more || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setShown((n) => n + pageSize);
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [more, pageSize, shown]);

  return (
    <>
      <ul className={cn('grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4', className)}>
        {items.slice(0, shown).map((item, index) => (
          <li key={getKey(item)} className="flex">
            {renderItem(item, index)}
          </li>
        ))}
      </ul>
      {more && (
        <div ref={sentinel} className="mt-6 flex flex-col items-center gap-2 text-sm text-stone-600">
          <p>
            <FormattedMessage id="catalog.showing" values={{ shown, total: items.length }} />
          </p>
          <button
            type="button"
            onClick={() => setShown((n) => n + pageSize)}
            className="rounded-lg px-3 py-1.5 font-medium text-brand-700 hover:bg-brand-50"
          >
            <FormattedMessage id="catalog.showMore" />
          </button>
        </div>
      )}
    </>
  );
}
