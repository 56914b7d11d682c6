import { pageItems } from '../server/api/next-link';
import { ZPageQuery } from '../shared/page-schema';
import { z } from 'zod';
import {
  createProduct,
  deleteProduct,
  getProduct,
  listFeaturedProducts,
  listProducts,
  updateProduct,
} from '../server/catalog/product-service';
import { permissionProcedure, publicProcedure, rest, router } from '../server/api/trpc';
import { ZCreateProductInput, ZDeleted, ZIdInput, ZProduct, ZUpdateProductInput } from '../shared/catalog-schema';

const tags = ['products'];

// Order matters: the REST adapter matches paths in this order, so /products/featured precedes /products/{id}.
// GET /api/products and /api/products/featured are answered from the serialized cache by
// src/server/http/catalog-http.ts (ETag, gzip/brotli); these procedures serve /api/trpc and the OpenAPI document.
export const productsRouter = router({
  list: publicProcedure
    .meta(
      rest({
        method: 'GET',
        path: '/products',
        tags,
        summary:
          'Products: active ones, or all for staff; with `limit`, `cursor` or `updatedSince`, one page walked by updatedAt',
      }),
    )
    .input(ZPageQuery.optional())
    .output(z.array(ZProduct))
    .query(async ({ ctx, input }) => pageItems(ctx, await listProducts(ctx.catalog, ctx.user, input))),

  featured: publicProcedure
    .meta(rest({ method: 'GET', path: '/products/featured', tags, summary: 'Active featured products' }))
    .input(z.void())
    .output(z.array(ZProduct))
    .query(({ ctx }) => listFeaturedProducts(ctx.catalog)),

  get: publicProcedure
    .meta(
      rest({
        method: 'GET',
        path: '/products/{id}',
        tags,
        errors: { 404: 'No such product (inactive ones only for staff)' },
        summary: 'One product (404 when inactive, unless staff)',
      }),
    )
    .input(ZIdInput)
    .output(ZProduct)
    .query(({ ctx, input }) => getProduct(ctx.db, ctx.user, input.id)),

  create: permissionProcedure('products.create')
    .meta(
      rest({
        method: 'POST',
        path: '/products',
        tags,
        summary: 'Create a product',
      }),
    )
    .input(ZCreateProductInput)
    .output(ZProduct)
    .mutation(({ ctx, input }) => createProduct(ctx.db, ctx.user, input)),

  update: permissionProcedure('products.edit')
    .meta(
      rest({
        method: 'PUT',
        path: '/products/{id}',
        tags,
        errors: { 404: 'No such product' },
        summary: 'Update a product (fields left out keep their value)',
      }),
    )
    .input(ZUpdateProductInput)
    .output(ZProduct)
    .mutation(({ ctx, input }) => updateProduct(ctx.db, ctx.user, input)),

  delete: permissionProcedure('products.delete')
    .meta(
      rest({
        method: 'DELETE',
        path: '/products/{id}',
        tags,
        errors: { 404: 'No such product' },
        summary: 'Delete a product (order history keeps its lines)',
      }),
    )
    .input(ZIdInput)
    .output(ZDeleted)
    .mutation(({ ctx, input }) => deleteProduct(ctx.db, ctx.user, input.id)),
});
