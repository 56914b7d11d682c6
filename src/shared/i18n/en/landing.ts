/** The signed-out home page. */
export const landing = {
  'landing.welcome': 'Welcome to {businessName}',
  'landing.defaultDescription':
    'Shop our products, book an appointment with our team, and get help whenever you need it.',
  'landing.signInWithGoogle': 'Sign In with Google',
  'landing.employeeLogin': 'Employee Login',
  'landing.adminAccess': 'Admin Access',
  'landing.applyToJoin': 'New employee? Apply to join our team',
  'landing.whatYouCanDo': 'What you can do',
  'landing.productsTitle': 'Browse Products',
  'landing.productsText': 'Explore our catalogue and order what you love, ready for you to pick up.',
  'landing.servicesTitle': 'Book Services',
  'landing.servicesText': 'Pick a service, choose who you want and a time that suits you.',
  'landing.supportTitle': 'Get Support',
  'landing.supportText': 'Chat with our team whenever you have a question.',
} as const;
