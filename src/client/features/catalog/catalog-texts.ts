import type { MessageId } from '../../../shared/i18n/en';
import type { CatalogKind } from './catalog-api';

/**
 * What the catalogue pages say of products and of services, by kind: each text is a message of its own in each
 * language (a noun is never put into a sentence), so the shared pages and dialogs take the kind and look up here.
 */
export const kindTexts = {
  products: {
    plural: 'catalog.products',
    intro: 'catalog.productsIntro',
    adminIntro: 'catalog.adminProductsIntro',
    search: 'catalog.searchProducts',
    searchPlaceholder: 'catalog.searchProductsPlaceholder',
    loading: 'catalog.loadingProducts',
    loadFailed: 'catalog.productsLoadFailed',
    noneFound: 'catalog.noProductsFound',
    noneAvailable: 'catalog.noProductsAvailable',
    checkBack: 'catalog.checkBackProducts',
    noneYet: 'catalog.noProductsYet',
    firstItemHint: 'catalog.firstProductHint',
    appearHere: 'catalog.productsAppearHere',
    add: 'catalog.addProduct',
    edit: 'catalog.editProduct',
    create: 'catalog.createProduct',
    delete: 'catalog.deleteProduct',
    addText: 'catalog.addProductText',
    created: 'catalog.productCreated',
    createdText: 'catalog.productCreatedText',
    updated: 'catalog.productUpdated',
    deleted: 'catalog.productDeleted',
    deletedText: 'catalog.productDeletedText',
  },
  services: {
    plural: 'catalog.services',
    intro: 'catalog.servicesIntro',
    adminIntro: 'catalog.adminServicesIntro',
    search: 'catalog.searchServices',
    searchPlaceholder: 'catalog.searchServicesPlaceholder',
    loading: 'catalog.loadingServices',
    loadFailed: 'catalog.servicesLoadFailed',
    noneFound: 'catalog.noServicesFound',
    noneAvailable: 'catalog.noServicesAvailable',
    checkBack: 'catalog.checkBackServices',
    noneYet: 'catalog.noServicesYet',
    firstItemHint: 'catalog.firstServiceHint',
    appearHere: 'catalog.servicesAppearHere',
    add: 'catalog.addService',
    edit: 'catalog.editService',
    create: 'catalog.createService',
    delete: 'catalog.deleteService',
    addText: 'catalog.addServiceText',
    created: 'catalog.serviceCreated',
    createdText: 'catalog.serviceCreatedText',
    updated: 'catalog.serviceUpdated',
    deleted: 'catalog.serviceDeleted',
    deletedText: 'catalog.serviceDeletedText',
  },
} as const satisfies Record<CatalogKind, Record<string, MessageId>>;
