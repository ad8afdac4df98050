import { Type } from 'typebox';
import { URL_MAX_LENGTH } from '../../scoring/api/score-schemas.ts';
import type { Product } from '../product-service.ts';

export const PRODUCT_NAME_MAX_LENGTH = 100;

export const ProductSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  url: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
});

export const CreateProductBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: PRODUCT_NAME_MAX_LENGTH }),
  url: Type.String({ minLength: 1, maxLength: URL_MAX_LENGTH }),
});

/** A product as the API shows it. */
export const productView = (product: Product) => ({ ...product, createdAt: product.createdAt.toISOString() });
