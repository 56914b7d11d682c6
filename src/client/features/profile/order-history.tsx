import { ClipboardIcon } from '../../components/icons';
import { ButtonLink } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';

/** The profile's Order History (the five most recent orders). Orders are not listed here yet. */
export function OrderHistory() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Order History</CardTitle>
      </CardHeader>
      <CardContent>
        <div className="flex flex-col items-center gap-3 py-6 text-center">
          <ClipboardIcon width={32} height={32} className="text-stone-400" aria-hidden="true" />
          <p className="font-medium text-stone-900">No orders to show yet</p>
          <p className="text-sm text-stone-600">Your orders will be listed here.</p>
          <ButtonLink to="/products" variant="outline" size="sm">
            Browse Products
          </ButtonLink>
        </div>
      </CardContent>
    </Card>
  );
}

export default OrderHistory;
