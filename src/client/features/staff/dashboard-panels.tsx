import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';

// The dashboard's building blocks: a figure with an optional goal bar, a titled panel with a link, an empty note.

export function StatCard({
  label,
  value,
  note,
  progress,
}: {
  label: string;
  value: string;
  note: string;
  progress?: number;
}) {
  return (
    <Card>
      <CardContent className="flex flex-col gap-1 p-4">
        <p className="text-sm text-stone-600">{label}</p>
        <p className="text-2xl font-bold text-stone-900">{value}</p>
        {progress !== undefined && (
          <div
            className="h-1.5 overflow-hidden rounded-full bg-stone-100"
            role="progressbar"
            aria-label={label}
            aria-valuenow={Math.round(progress)}
            aria-valuemin={0}
            aria-valuemax={100}
          >
            <div className="h-full rounded-full bg-brand-600" style={{ width: `${progress}%` }} />
          </div>
        )}
        <p className="text-xs text-stone-600">{note}</p>
      </CardContent>
    </Card>
  );
}

export function Panel({
  title,
  link,
  children,
}: {
  title: string;
  link?: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <Card className="h-full">
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle className="text-base">{title}</CardTitle>
        {link && (
          <Link to={link.to} className="text-sm font-medium text-brand-700 hover:underline">
            {link.label}
          </Link>
        )}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="py-4 text-center text-sm text-stone-600">{children}</p>;
}
