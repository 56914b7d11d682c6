/** Sends the browser to the card provider's payment page (a full navigation: no card form runs in this app). */
export function goToPaymentPage(url: string) {
  window.location.assign(url);
}
