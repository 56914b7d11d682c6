import { Route, Routes } from 'react-router-dom';
import { AdminOrderPage } from './admin-order-page';
import { AdminOrdersPage } from './admin-orders-page';

/** /admin/orders and /admin/orders/{id}, for staff holding orders.view. */
export function AdminOrdersRoutes() {
  return (
    <Routes>
      <Route index element={<AdminOrdersPage />} />
      <Route path=":id" element={<AdminOrderPage />} />
    </Routes>
  );
}
