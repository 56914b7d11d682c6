import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { CatalogImage } from '../../entities/catalog/catalog-image';
import { useFormatMoney } from '../../lib/money';

/** A product or service in the admin grid: status badges, description clamped to 2 lines, actions. */
export function AdminCatalogCard({
  item,
  details,
  onEdit,
  onDelete,
}: {
  item: {
    name: string;
    description: string;
    category: string;
    price: string;
    imageUrl: string | null;
    isActive: boolean;
    isFeatured: boolean;
  };
  details: ReactNode;
  onEdit?: () => void;
  onDelete?: () => void;
}) {
  const money = useFormatMoney();
  return (
    <Card className="flex w-full flex-col overflow-hidden" data-testid="admin-catalog-card">
      <CatalogImage src={item.imageUrl} alt={item.name} className="aspect-[16/9]" />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex flex-wrap gap-1.5">
          <Badge tone={item.isActive ? 'success' : 'neutral'}>
            <FormattedMessage id={item.isActive ? 'catalog.active' : 'catalog.inactive'} />
          </Badge>
          {item.isFeatured && (
            <Badge tone="accent">
              <FormattedMessage id="catalog.featured" />
            </Badge>
          )}
          {item.category && <Badge tone="brand">{item.category}</Badge>}
        </div>
        <h2 className="font-semibold text-stone-900">{item.name}</h2>
        <p className="line-clamp-2 text-sm text-stone-600">{item.description}</p>
        <div className="mt-auto flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 pt-1">
          <span className="font-bold text-brand-900">{money(item.price)}</span>
          <span className="text-sm text-stone-600">{details}</span>
        </div>
        {(onEdit || onDelete) && (
          <div className="mt-2 flex gap-2">
            {onEdit && (
              <Button variant="outline" size="sm" className="flex-1" onClick={onEdit}>
                <FormattedMessage id="catalog.edit" />
              </Button>
            )}
            {onDelete && (
              <Button variant="ghost" size="sm" className="flex-1 text-red-700 hover:bg-red-50" onClick={onDelete}>
                <FormattedMessage id="catalog.delete" />
              </Button>
            )}
          </div>
        )}
      </div>
    </Card>
  );
}
