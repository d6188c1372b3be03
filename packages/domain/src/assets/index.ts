export * from './assetTypes.ts';
export * from './health.ts';
export * from './hierarchy.ts';
export * from './properties.ts';
export * from './statusBits.ts';
export * from './unitTemplate.ts';
