import { and, asc, eq, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../../db/client';
import { cartItems, products } from '../../../db/schema/index';
import type { AddToCartInput, CartItem } from '../../shared/catalog-schema';
import type { UpdateCartItemInput } from '../../shared/orders-schema';
import type { SessionUser } from '../auth/sessions';
import { isUuid } from '../../shared/ids';
import { AppError } from '../app-error';
import { sentence } from '../../shared/i18n/sentence';
import { catalogLimits as limits } from '../../shared/catalog';

const itemColumns = {
  id: cartItems.id,
  productId: cartItems.productId,
  quantity: cartItems.quantity,
  // The current price: the cart is not a quote; the order snapshots the price at checkout.
  price: products.price,
  product: {
    id: products.id,
    name: products.name,
    imageUrl: products.imageUrl,
    price: products.price,
    inventory: products.inventory,
  },
};

/** The caller's cart, oldest line first. Lines of products that are no longer active are not shown. */
export async function listCart(db: Tx, user: Pick<SessionUser, 'id'>): Promise<CartItem[]> {
  return db
    .select(itemColumns)
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(and(eq(cartItems.userId, user.id), eq(products.isActive, true)))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
}

/**
 * Adds a product to the caller's cart, or raises the quantity of its line; never beyond the stock. One
 * statement decides, so two tabs adding at once cannot together pass the stock.
 */
export async function addToCart(db: Tx, user: Pick<SessionUser, 'id'>, input: AddToCartInput): Promise<CartItem> {
  const quantity = input.quantity ?? 1;
  if (!isUuid(input.productId)) throw new AppError('NOT_FOUND', 'Product not found');
  const added = await db.execute(sql`
    insert into ${cartItems} (user_id, product_id, quantity)
    select ${user.id}::uuid, p.id, ${quantity}::integer from ${products} p
     where p.id = ${input.productId}::uuid and p.is_active and p.inventory >= ${quantity}::integer
    on conflict (user_id, product_id) do update
       set quantity = ${cartItems}.quantity + excluded.quantity
     where ${cartItems}.quantity + excluded.quantity <= (select inventory from ${products} where id = excluded.product_id)
       and ${cartItems}.quantity + excluded.quantity <= ${limits.cartQuantityMax}::integer
    returning id`);
  const [row] = rowsOf<{ id: string }>(added);
  if (row) {
    const [item] = await db
      .select(itemColumns)
      .from(cartItems)
      .innerJoin(products, eq(products.id, cartItems.productId))
      .where(eq(cartItems.id, row.id));
    return item!;
  }
  throw await whyNotAdded(db, user, input.productId, quantity);
}

async function whyNotAdded(
  db: Tx,
  user: Pick<SessionUser, 'id'>,
  productId: string,
  quantity: number,
): Promise<AppError> {
  const [product] = await db
    .select({ name: products.name, inventory: products.inventory, isActive: products.isActive })
    .from(products)
    .where(eq(products.id, productId));
  if (!product || !product.isActive) return new AppError('NOT_FOUND', 'Product not found');
  if (product.inventory === 0)
    return new AppError('CONFLICT', sentence('{name} is out of stock.', { name: product.name }));
  const [line] = await db
    .select({ quantity: cartItems.quantity })
    .from(cartItems)
    .where(and(eq(cartItems.userId, user.id), eq(cartItems.productId, productId)));
  const inCart = line?.quantity ?? 0;
  if (inCart + quantity > limits.cartQuantityMax)
    return new AppError(
      'CONFLICT',
      sentence('A cart line holds at most {max}, and {inCart} of {name} are already in your cart.', {
        max: limits.cartQuantityMax,
        inCart,
        name: product.name,
      }),
    );
  return new AppError(
    'CONFLICT',
    inCart > 0
      ? sentence('Only {count} of {name} in stock, and {inCart} already in your cart.', {
          count: product.inventory,
          name: product.name,
          inCart,
        })
      : sentence('Only {count} of {name} in stock.', { count: product.inventory, name: product.name }),
  );
}

/**
 * Sets a line's quantity, from 1 up to the product's stock (checked in the same statement). Another
 * user's line, or a line of a product no longer sold, is not found.
 */
export async function updateCartItem(
  db: Tx,
  user: Pick<SessionUser, 'id'>,
  input: UpdateCartItemInput,
): Promise<CartItem> {
  if (!isUuid(input.id)) throw new AppError('NOT_FOUND', 'Cart item not found');
  const updated = await db.execute(sql`
    update ${cartItems} c set quantity = ${input.quantity}::integer
      from ${products} p
     where c.id = ${input.id}::uuid and c.user_id = ${user.id}::uuid and p.id = c.product_id and p.is_active
       and p.inventory >= ${input.quantity}::integer
    returning c.id`);
  if (rowsOf<{ id: string }>(updated).length === 0) {
    const [line] = await db
      .select({ name: products.name, inventory: products.inventory })
      .from(cartItems)
      .innerJoin(products, eq(products.id, cartItems.productId))
      .where(and(eq(cartItems.id, input.id), eq(cartItems.userId, user.id), eq(products.isActive, true)));
    if (!line) throw new AppError('NOT_FOUND', 'Cart item not found');
    throw new AppError(
      'CONFLICT',
      line.inventory === 0
        ? sentence('{name} is out of stock.', { name: line.name })
        : sentence('Only {count} of {name} in stock.', { count: line.inventory, name: line.name }),
    );
  }
  const [item] = await db
    .select(itemColumns)
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(cartItems.id, input.id));
  return item!;
}

/** Removes a line from the caller's cart; another user's line is not found. */
export async function removeCartItem(
  db: Tx,
  user: Pick<SessionUser, 'id'>,
  id: string,
): Promise<{ success: true; id: string }> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', 'Cart item not found');
  const removed = await db
    .delete(cartItems)
    .where(and(eq(cartItems.id, id), eq(cartItems.userId, user.id)))
    .returning({ id: cartItems.id });
  if (removed.length === 0) throw new AppError('NOT_FOUND', 'Cart item not found');
  return { success: true, id };
}
