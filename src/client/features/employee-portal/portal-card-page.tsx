import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useBusinessSettings } from '../../lib/session';
import { StoreIcon } from '../../components/icons';
import { cn } from '../../lib/cn';

/** The frame of the portal's signed-out pages: business name on top, one centred column. */
export function PortalCardPage({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  const { businessName } = useBusinessSettings();
  return (
    <div className="min-h-dvh bg-gradient-to-b from-brand-50 to-sand">
      <header className="mx-auto flex max-w-6xl items-center px-4 py-5">
        <Link to="/" className="flex items-center gap-2 font-semibold text-brand-900">
          <StoreIcon className="text-brand-600" />
          {businessName}
        </Link>
      </header>
      <main className={cn('mx-auto px-4 pb-16', wide ? 'max-w-2xl' : 'max-w-md')}>{children}</main>
    </div>
  );
}
