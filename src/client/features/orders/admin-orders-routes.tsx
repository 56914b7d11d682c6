import { Route, Routes } from 'react-router-dom';
import { Card, CardContent } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { AdminOrderPage } from './admin-order-page';
import { AdminOrdersPage } from './admin-orders-page';
import { useCanViewOrders } from './orders-api';

/** /admin/orders and /admin/orders/{id}, for staff holding orders.view. */
export function AdminOrdersRoutes() {
  const allowed = useCanViewOrders();
  if (allowed === undefined) return <Spinner label="Loading" />;
  if (!allowed) {
    return (
      <Card>
        <CardContent className="py-12 text-center">
          <h1 className="text-lg font-semibold text-stone-900">Access Denied</h1>
          <p className="text-sm text-stone-600">You don't have permission to view orders.</p>
        </CardContent>
      </Card>
    );
  }
  return (
    <Routes>
      <Route index element={<AdminOrdersPage />} />
      <Route path=":id" element={<AdminOrderPage />} />
    </Routes>
  );
}
