// Pricing: the cart's plans (§7 /v1/cart), checkout and its result, orders and refunds, the pricing
// page and its dialog. It sells into the credits wallet, which it refreshes after a payment.
export { CheckoutReturn } from './CheckoutResult';
export { MembershipsPanel } from './MembershipsPanel';
export { PricingRoot } from './PricingRoot';
export { formatPrice } from './format-price';
export { useCart, useOrder } from './pricing-api';
export { useBuy } from './use-buy';
