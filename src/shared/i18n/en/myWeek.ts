/** "My Schedule": a staff member's own week. */
export const myWeek = {
  'myWeek.title': 'My Schedule',
  'myWeek.weekOf': 'Week of {first} - {last}',
  'myWeek.previous': '← Previous week',
  'myWeek.thisWeek': 'This week',
  'myWeek.next': 'Next week →',
  'myWeek.manageAvailability': 'Manage Availability',
  'myWeek.noHours': 'You have no weekly hours yet. Set them in <link>My Availability</link>.',
} as const;
