import { useIntl } from 'react-intl';
import { cn } from '../../lib/cn';

export function Spinner({ label, className }: { label?: string; className?: string }) {
  const intl = useIntl();
  return (
    <div role="status" className={cn('flex items-center justify-center p-8', className)}>
      <span
        className="h-8 w-8 animate-spin rounded-full border-4 border-brand-200 border-t-brand-600"
        aria-hidden="true"
      />
      <span className="sr-only">{label ?? intl.formatMessage({ id: 'app.loading' })}</span>
    </div>
  );
}
