import type { ReactNode } from 'react';

import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { CatalogImage } from '../../components/ui/catalog-image';
import { useFormatMoney } from '../../lib/money';

/**
 * A product or service in the shop's grid: picture, category, name, description and price; the page adds
 * `details` beside the price and its actions below.
 */
export function StorefrontCard({
  item,
  eager,
  testId,
  details,
  children,
}: {
  item: { name: string; description: string; category: string; price: string; imageUrl: string | null };
  eager: boolean;
  testId: string;
  details: ReactNode;
  children: ReactNode;
}) {
  const money = useFormatMoney();
  return (
    <Card className="flex w-full flex-col overflow-hidden" data-testid={testId}>
      <CatalogImage src={item.imageUrl} alt={item.name} eager={eager} />
      <div className="flex flex-1 flex-col gap-2 p-4">
        {item.category && (
          <Badge tone="brand" className="self-start">
            {item.category}
          </Badge>
        )}
        <h2 className="text-base font-semibold text-stone-900">{item.name}</h2>
        <p className="line-clamp-3 flex-1 text-sm text-stone-600">{item.description}</p>
        <div className="mt-1 flex items-baseline justify-between gap-2">
          <span className="text-lg font-bold text-brand-900">{money(item.price)}</span>
          {details}
        </div>
        {children}
      </div>
    </Card>
  );
}
