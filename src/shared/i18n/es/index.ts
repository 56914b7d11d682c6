import type { MessageId } from '../en';
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

/** The Spanish messages: every English id, translated (the type makes a missing one fail the build). */
export const messages: Record<MessageId, string> = {
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
};
