/**
 * The checked-in authorization table: every procedure and who may call it. The access test walks the
 * router and fails when a procedure is missing here, declares something else, or declares nothing.
 * Labels: public, signedIn, staff (employee or admin), admin, permission:<group.item>.
 */
export const accessTable: Record<string, string> = {
  'auth.user': 'signedIn',
  'employee.login': 'public',
  'employee.logout': 'public',
  'employee.me': 'staff',
  'employee.passwordToken': 'public',
  'employee.setPassword': 'public',
  'employeeApplications.register': 'public',
  'employeeApplications.list': 'admin',
  'employeeApplications.approve': 'admin',
  'employeeApplications.reject': 'admin',
  'settings.get': 'public',
  'settings.update': 'admin',
  'products.list': 'public',
  'products.featured': 'public',
  'products.get': 'public',
  'products.create': 'permission:products.create',
  'products.update': 'permission:products.edit',
  'products.delete': 'permission:products.delete',
  'services.list': 'public',
  'services.featured': 'public',
  'services.get': 'public',
  'services.create': 'permission:services.create',
  'services.update': 'permission:services.edit',
  'services.delete': 'permission:services.delete',
  'serviceProviders.list': 'signedIn',
  'serviceProviders.employees': 'staff',
  'serviceProviders.forService': 'signedIn',
  'serviceProviders.create': 'permission:services.edit',
  'serviceProviders.delete': 'permission:services.edit',
  'cart.list': 'signedIn',
  'cart.add': 'signedIn',
  'auth.session': 'public',
};
