/**
 * The checked-in authorization table: every procedure and who may call it. The access test walks the
 * router and fails when a procedure is missing here, declares something else, or declares nothing.
 * Labels: public, signedIn, staff (employee or admin), admin, permission:<group.item>.
 */
export const accessTable: Record<string, string> = {
  'auth.user': 'signedIn',
  'settings.get': 'public',
  'settings.update': 'admin',
};
