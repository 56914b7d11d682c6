import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { cn } from '../../lib/cn';

/**
 * A catalogue picture that never shows a broken-image icon: no URL, or one that fails to load, gets a
 * neat placeholder of the same size.
 */
export function CatalogImage({
  src,
  alt,
  className,
  eager = false,
}: {
  src: string | null;
  alt: string;
  className?: string;
  eager?: boolean;
}) {
  const intl = useIntl();
  const [failed, setFailed] = useState<string | null>(null);
  const broken = !src || failed === src;
  return (
    <div
      className={cn('relative aspect-[4/3] overflow-hidden bg-gradient-to-br from-brand-50 to-brand-100', className)}
    >
      {broken ? (
        <div
          className="absolute inset-0 flex flex-col items-center justify-center gap-2 text-brand-500"
          role="img"
          aria-label={
            alt
              ? intl.formatMessage({ id: 'entities.noPictureOf' }, { name: alt })
              : intl.formatMessage({ id: 'entities.noPicture' })
          }
        >
          <svg
            viewBox="0 0 24 24"
            width="36"
            height="36"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
            strokeLinecap="round"
            strokeLinejoin="round"
            aria-hidden="true"
          >
            <rect x="3" y="4" width="18" height="16" rx="2" />
            <circle cx="9" cy="10" r="2" />
            <path d="m21 16-5-5-9 9" />
          </svg>
          <span className="text-xs font-medium text-brand-700/80">
            <FormattedMessage id="entities.noPicture" />
          </span>
        </div>
      ) : (
        <img
          src={src}
          alt={alt}
          width={640}
          height={480}
          loading={eager ? 'eager' : 'lazy'}
          // The first row is the page's largest paint: fetch it before anything else the page wants.
          fetchPriority={eager ? 'high' : 'auto'}
          decoding="async"
          onError={() => setFailed(src)}
          className="absolute inset-0 h-full w-full object-cover"
        />
      )}
    </div>
  );
}
