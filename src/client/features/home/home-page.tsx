import { useBusinessSettings, useCurrentUser } from '../../app/session';

/** The signed-in customer's home (SPEC.md §2). */
export function HomePage() {
  const { businessName, businessDescription } = useBusinessSettings();
  const { user } = useCurrentUser();
  return (
    <section className="rounded-2xl bg-gradient-to-br from-brand-700 to-brand-900 px-6 py-12 text-white sm:px-10">
      <p className="text-sm font-medium text-brand-100">Welcome back{user ? `, ${user.firstName}` : ''}</p>
      <h1 className="mt-2 text-3xl font-bold sm:text-4xl">{businessName}</h1>
      <p className="mt-3 max-w-2xl text-brand-100">{businessDescription || 'Quality products and services, booked in a few taps.'}</p>
    </section>
  );
}
