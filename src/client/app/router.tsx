import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router-dom';
import { Spinner } from '../components/ui/spinner';
import { useCatalogList } from '../features/catalog/catalog-api';
import { HomePage } from '../features/home/home-page';
import { LandingPage } from '../features/landing/landing-page';
import { NotFoundPage } from '../components/not-found-page';
import { ProductsPage } from '../features/catalog/products-page';
import { ServicesPage } from '../features/catalog/services-page';
import { CartPage } from '../features/cart/cart-page';
import { RequireAccess } from './guards';
import { CustomerLayout } from './layouts/customer-layout';
import { useCurrentUser } from '../lib/session';

const SimpleBookingPage = lazy(() =>
  import('../features/booking/simple-booking-page').then((m) => ({ default: m.SimpleBookingPage })),
);
const GuidedBookingPage = lazy(() =>
  import('../features/booking/guided-booking-page').then((m) => ({ default: m.GuidedBookingPage })),
);
const ProfilePage = lazy(() => import('../features/profile/profile-page').then((m) => ({ default: m.ProfilePage })));
const AdminRoutes = lazy(() => import('./admin-routes'));
const MyScheduleRoutes = lazy(() => import('./my-schedule-routes'));
const EmployeeRoutes = lazy(() => import('../features/employee-portal/employee-routes'));
const CheckoutPage = lazy(() => import('../features/orders/checkout-page').then((m) => ({ default: m.CheckoutPage })));
const OrderPage = lazy(() => import('../features/orders/order-page').then((m) => ({ default: m.OrderPage })));
const SignInErrorPage = lazy(() =>
  import('../features/auth/sign-in-error-page').then((m) => ({ default: m.SignInErrorPage })),
);

/** `/` is the landing page while loading or signed out, the customer home once signed in. */
function Root() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading || !user) return <LandingPage />;
  return <CustomerLayout />;
}

/**
 * The shop lists are public, so their request starts at once, beside the sign-in check, instead of after it:
 * the page that the guard then shows finds its data on the way (its pictures are the largest paint). Not for
 * a visitor known to be signed out, whom the guard sends to sign in.
 */
function StorefrontPrefetch() {
  const { pathname } = useLocation();
  const { user, isLoading } = useCurrentUser();
  const mayShow = isLoading || !!user;
  useCatalogList('products', { enabled: mayShow && pathname === '/products' });
  useCatalogList('services', { enabled: mayShow && pathname === '/services' });
  return null;
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <StorefrontPrefetch />
      <Suspense fallback={<Spinner className="min-h-dvh" />}>
        <Routes>
          <Route path="/" element={<Root />}>
            <Route index element={<HomePage />} />
          </Route>
          <Route
            element={
              <RequireAccess rule="signedIn">
                <CustomerLayout />
              </RequireAccess>
            }
          >
            {/* Customer pages (products, services, booking, cart, profile) are added here. */}
            <Route path="/products" element={<ProductsPage />} />
            <Route path="/services" element={<ServicesPage />} />
            <Route path="/booking" element={<SimpleBookingPage />} />
            <Route path="/employee-booking" element={<GuidedBookingPage />} />
            <Route path="/profile" element={<ProfilePage />} />
            <Route path="/cart" element={<CartPage />} />
            <Route path="/checkout" element={<CheckoutPage />} />
            <Route path="/orders/:id" element={<OrderPage />} />
          </Route>
          <Route path="/admin/*" element={<AdminRoutes />} />
          <Route path="/my-schedule/*" element={<MyScheduleRoutes />} />
          <Route path="/employee/*" element={<EmployeeRoutes />} />
          <Route path="/sign-in-error" element={<SignInErrorPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}
