export * from './salesOrderLines.ts';
export * from './billingTransitions.ts';
export * from './salesOrderReconcile.ts';
