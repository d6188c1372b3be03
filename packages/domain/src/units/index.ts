export * from './unitConversion.ts';
export * from './demoMask.ts';
