import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from '../../lib/cn';

export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('rounded-xl border border-stone-200 bg-white shadow-sm', className)} {...props} />;
}

export function CardHeader({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('flex flex-col gap-1 p-5 pb-3', className)} {...props} />;
}

export function CardTitle({ className, ...props }: HTMLAttributes<HTMLHeadingElement>) {
  return <h2 className={cn('text-lg font-semibold text-stone-900', className)} {...props} />;
}

export function CardDescription({ className, ...props }: HTMLAttributes<HTMLParagraphElement>) {
  return <p className={cn('text-sm text-stone-600', className)} {...props} />;
}

// Any padding of the caller's replaces the default. Classes are joined, not merged: of two utilities for the same
// side, the stylesheet's order picks one, not the class list's (`p-5` after the default's `pt-2` still left 8 px).
const OWN_PADDING = /(^|\s)p[xytrbl]?-/;

export function CardContent({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div className={cn(!className || !OWN_PADDING.test(className) ? 'p-5 pt-2' : undefined, className)} {...props} />
  );
}

/**
 * One item of a card grid: its heading lines with a status badge beside them, the details, and actions kept at
 * the bottom so the cards of a row line up.
 */
export function ListCard({
  heading,
  badge,
  actions,
  children,
  ...props
}: { heading: ReactNode; badge: ReactNode; actions: ReactNode; children: ReactNode } & Omit<
  HTMLAttributes<HTMLDivElement>,
  'children'
>) {
  return (
    <Card className="flex h-full flex-col" {...props}>
      <CardContent className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">{heading}</div>
          {badge}
        </div>
        {children}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-2">{actions}</div>
      </CardContent>
    </Card>
  );
}
