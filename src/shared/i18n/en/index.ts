import { app } from './app';
import { auth } from './auth';
import { booking } from './booking';
import { cart } from './cart';
import { catalog } from './catalog';
import { chat } from './chat';
import { customers } from './customers';
import { discounts } from './discounts';
import { giftCards } from './giftCards';
import { employeeApplications } from './employeeApplications';
import { employeePortal } from './employeePortal';
import { entities } from './entities';
import { home } from './home';
import { integrations } from './integrations';
import { landing } from './landing';
import { locations } from './locations';
import { mail } from './mail';
import { myWeek } from './myWeek';
import { orders } from './orders';
import { packages } from './packages';
import { profile } from './profile';
import { records } from './records';
import { scheduling } from './scheduling';
import { settings } from './settings';
import { staff } from './staff';
/**
 * The English messages, by id (`area.name`), as ICU messages. One file per area of the product beside this one,
 * spread in here; an id is written once, in its area's file. The Spanish catalogue (../es) must have the same ids.
 */
export const messages = {
  ...app,
  ...auth,
  ...booking,
  ...cart,
  ...catalog,
  ...chat,
  ...customers,
  ...discounts,
  ...giftCards,
  ...employeeApplications,
  ...employeePortal,
  ...entities,
  ...home,
  ...integrations,
  ...landing,
  ...locations,
  ...mail,
  ...myWeek,
  ...orders,
  ...packages,
  ...profile,
  ...records,
  ...scheduling,
  ...settings,
  ...staff,
} as const satisfies Record<string, string>;

export type MessageId = keyof typeof messages;
